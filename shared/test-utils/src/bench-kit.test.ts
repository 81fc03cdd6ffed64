/** @jest-environment node */
/**
 * The benches' rule (decision 180), against a real local server: a load run over responses the
 * scenario does not expect yields no figure, and a bench script built on the kit exits non-zero
 * without printing it, naming the call type and the counts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ResponseCheck, UnexpectedResponses, checkedAutocannon } from './bench-kit';
import { startTestServer } from './test-server';
import type { TestServer } from './test-server';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Answers `{"ok":true}`, except every `every`-th request, which gets a 500. */
async function flakyServer(every: number): Promise<TestServer> {
  let served = 0;
  return startTestServer((_request, response) => {
    served += 1;
    const failing = every > 0 && served % every === 0;
    response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
    response.end(failing ? '{"code":"INTERNAL"}' : '{"ok":true}');
  });
}

/** A bench script on the kit, run as `npm run bench:*` runs one: its exit code and output. */
async function runBenchScript(url: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-kit-test-'));
  const script = path.join(dir, 'bench.ts');
  fs.writeFileSync(
    script,
    `import { ResponseCheck, checkedAutocannon, printFigures, runBench } from ${JSON.stringify(path.join(__dirname, 'bench-kit.ts'))};
runBench(async () => {
  const check = new ResponseCheck();
  const result = await checkedAutocannon(check, 'GET /flaky', { url: ${JSON.stringify(url)}, connections: 2, amount: 40 }, { status: 200 });
  printFigures(check, ['FIGURE p99 ' + result.latency.p99 + ' ms over ' + result.requests.total]);
});
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  return { code, stdout, stderr };
}

describe('bench kit', () => {
  let server: TestServer;
  afterEach(async () => server?.close());

  it('refuses the figures of a run where some responses were 500s, naming the call type and counts', async () => {
    server = await flakyServer(4);
    const check = new ResponseCheck();
    const run = checkedAutocannon(
      check,
      'GET /flaky',
      { url: server.origin, connections: 2, amount: 40 },
      { status: 200 },
    );
    await expect(run).rejects.toThrow(UnexpectedResponses);
    await expect(run).rejects.toThrow('GET /flaky: 10 of 40 responses unexpected (500 x10)');
  });

  it('hands back the figures when every response was expected', async () => {
    server = await flakyServer(0);
    const check = new ResponseCheck();
    const result = await checkedAutocannon(
      check,
      'GET /steady',
      { url: server.origin, connections: 2, amount: 40 },
      { status: 200, body: (body) => body === '{"ok":true}' },
    );
    expect(result.requests.total).toBe(40);
    expect(check.problems()).toEqual([]);
  });

  it('counts a right status with the wrong body as unexpected', async () => {
    server = await flakyServer(0);
    const check = new ResponseCheck();
    await expect(
      checkedAutocannon(
        check,
        'GET /shape',
        { url: server.origin, connections: 1, amount: 5 },
        { status: 200, body: (body) => body.includes('access_token') },
      ),
    ).rejects.toThrow('GET /shape: 5 of 5 responses unexpected (200 with an unexpected body x5)');
  });

  it('counts requests that got no answer as unexpected', async () => {
    server = await flakyServer(0);
    const closed = server.origin;
    await server.close();
    const check = new ResponseCheck();
    await expect(
      checkedAutocannon(
        check,
        'GET /gone',
        { url: closed, connections: 1, duration: 0.3 },
        { status: 200 },
      ),
    ).rejects.toThrow(/GET \/gone: \d+ of \d+ responses unexpected \(error or timeout x\d+\)/);
  });

  it('a bench on the kit exits non-zero without printing its figure when responses fail', async () => {
    server = await flakyServer(4);
    const { code, stdout, stderr } = await runBenchScript(server.origin);
    expect(code).toBe(1);
    expect(stdout).not.toContain('FIGURE');
    expect(stderr).toContain('GET /flaky: 10 of 40 responses unexpected (500 x10)');
  }, 60_000);

  it('the same bench prints its figure and exits 0 when every response is expected', async () => {
    server = await flakyServer(0);
    const { code, stdout } = await runBenchScript(server.origin);
    expect(stdout).toMatch(/FIGURE p99 [\d.]+ ms over 40/);
    expect(code).toBe(0);
  }, 60_000);
});
