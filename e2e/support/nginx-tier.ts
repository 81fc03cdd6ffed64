import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_PORT } from '../playwright.config';
import { repoRoot } from './release-cli';

/**
 * The production static tier (deploy/nginx) in Debian's real nginx, for nginx.spec.ts: the built
 * shell and mf-legal published and promoted by the release CLI, the site exported with
 * `export:static`, the real API behind nginx's API host (through a pass-through that records
 * what nginx forwards) and the edge's ops-event endpoint behind /_ops.
 */
const run = promisify(execFile);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const PORT = E2E_PORT + 3;
/** The real API behind nginx's API host (E2E_PORT + 4 is the ops upstream). */
const API_PORT = E2E_PORT + 6;
export const RESET_PER_MINUTE = 3;

/** A value from the committed production ConfigMap, so the test runs what production runs. */
function configMapValue(name: string): string {
  const yaml = fs.readFileSync(path.join(repoRoot, 'deploy', 'k8s', 'api-configmap.yaml'), 'utf8');
  const value = new RegExp(`^\\s+${name}:\\s*'?([^'\\n]*)'?\\s*$`, 'm').exec(yaml)?.[1];
  if (value === undefined) throw new Error(`${name} is not in deploy/k8s/api-configmap.yaml`);
  return value;
}
export const SITE = `http://localhost:${PORT}`;
export const CDN = `http://cdn.localhost:${PORT}`;
export const API = `http://api.localhost:${PORT}`;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request to nginx with an explicit Host (Node does not resolve *.localhost itself).
 * `from` is the client's own address: any 127.x address works on loopback, so a test can be
 * a viewer (not in TRUSTED_PROXIES) or the load balancer (127.0.0.1, trusted).
 */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    from?: string;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        localAddress: options.from,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: { host: target.host, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export async function cli(script: string, args: string[], env: Record<string, string>) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', script), ...args],
    { cwd: repoRoot, env: { ...process.env, ...env }, maxBuffer: 10 * 1024 * 1024 },
  );
  return stdout;
}

async function waitFor(probe: () => Promise<unknown>, child: ChildProcess, what: string) {
  // Generous: the API migrates its PGlite database at start, on a shared 2-core machine.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      await probe();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${what} did not start`);
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface NginxTier {
  /** The tier's temp folder: the exported site, the release registry (data/), nginx's logs. */
  dir: string;
  shellVersion: string;
  legalVersion: string;
  /** The headers of every request nginx forwarded to the API (plus `x-path`). */
  apiRequests: http.IncomingHttpHeaders[];
  stop(): Promise<void>;
}

/** Starts the tier; on a failure, stops what it had started before throwing. */
export async function startNginxTier(): Promise<NginxTier> {
  let nginx: ChildProcess | undefined;
  let opsUpstream: ChildProcess | undefined;
  let api: ChildProcess | undefined;
  let apiUpstream: http.Server | undefined;
  const apiRequests: http.IncomingHttpHeaders[] = [];
  let shellVersion = '';
  let legalVersion = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-nginx-'));
  const stopAll = async () => {
    await stop(nginx);
    await stop(opsUpstream);
    await stop(api);
    await new Promise((resolve) => (apiUpstream ? apiUpstream.close(resolve) : resolve(undefined)));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    fs.chmodSync(dir, 0o755); // nginx workers run as another user when started as root
    const dataDir = path.join(dir, 'data');
    const env = {
      CREASE_DATA_DIR: dataDir,
      CREASE_ASSET_ORIGIN: CDN,
      CREASE_ACTOR: 'nginx-e2e',
    };

    // Release the built shell and mf-legal as production does, then export the static site.
    const publish = async (app: string) =>
      (
        JSON.parse(await cli('release.ts', ['publish', app, '--json'], env)) as {
          version: string;
        }
      ).version;
    shellVersion = await publish('shell');
    legalVersion = await publish('mf-legal');
    await cli('release.ts', ['promote', 'shell', shellVersion, 'mf-legal', legalVersion], env);
    await cli('export-static.ts', ['--out', path.join(dir, 'site')], {
      ...env,
      NODE_ENV: 'production',
      // Production configuration requires it (decision 156), though static pages carry no proof.
      CREASE_RELEASE_PROOF_SECRET: 'nginx-e2e-release-proof-secret-0123456789',
    });

    // Upstreams: the real API, started with the production ConfigMap's proxy trust, behind a
    // pass-through that records what nginx forwards; the edge's own ops-event endpoint for /_ops.
    api = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'api', 'src', 'cli', 'serve.ts')],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          API_PORT: String(API_PORT),
          API_HOST: '127.0.0.1',
          CREASE_DATA_DIR: path.join(dir, 'api-data'),
          CREASE_PGLITE_DIR: 'memory://',
          CREASE_TRUST_PROXY: configMapValue('CREASE_TRUST_PROXY'),
          CREASE_RESET_PER_MINUTE: String(RESET_PER_MINUTE),
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      },
    );
    const upstream = http.createServer((req, res) => {
      apiRequests.push({ ...req.headers, 'x-path': req.url });
      const forward = http.request(
        {
          host: '127.0.0.1',
          port: API_PORT,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    apiUpstream = upstream;
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const started = api;
    await waitFor(
      async () => {
        if (!(await fetch(`http://127.0.0.1:${API_PORT}/healthz`)).ok) throw new Error('not yet');
      },
      started,
      'API',
    );
    const opsPort = PORT + 1;
    opsUpstream = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'serve.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, ...env, PORT: String(opsPort), HOST: '127.0.0.1' },
        stdio: 'ignore',
      },
    );

    // The committed template, filled in for this machine, inside a minimal nginx.conf.
    const vars = {
      LISTEN_PORT: `127.0.0.1:${PORT}`,
      SITE_HOSTS: 'localhost',
      SITE_ROOT: path.join(dir, 'site'),
      CDN_HOST: 'cdn.localhost',
      CDN_ORIGIN: CDN,
      ARTIFACTS_ROOT: path.join(dataDir, 'artifacts'),
      API_HOST: 'api.localhost',
      API_ORIGIN: API,
      API_UPSTREAM: `127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      OPS_UPSTREAM: `127.0.0.1:${opsPort}`,
      TRUSTED_PROXIES: '127.0.0.1/32',
    };
    const envFile = path.join(dir, 'test.env');
    fs.writeFileSync(
      envFile,
      Object.entries(vars)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'crease.conf'), await cli('nginx-config.ts', [envFile], {}));
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      fs.mkdirSync(path.join(dir, 'tmp', temp), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
  pid ${dir}/nginx.pid;
  error_log ${dir}/error.log warn;
  events { worker_connections 256; }
  http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/tmp/body;
    proxy_temp_path ${dir}/tmp/proxy;
    fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi;
    scgi_temp_path ${dir}/tmp/scgi;
    include ${dir}/crease.conf;
  }
  `,
    );
    await run(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    await waitFor(() => request(`${SITE}/`), nginx, 'nginx');
    const ops = opsUpstream;
    await waitFor(
      async () => {
        if (!(await fetch(`http://127.0.0.1:${opsPort}/healthz`)).ok) throw new Error('not yet');
      },
      ops,
      'ops upstream',
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { dir, shellVersion, legalVersion, apiRequests, stop: stopAll };
}
