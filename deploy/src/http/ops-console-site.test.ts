/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { tempDir } from '../testing/release-fixtures';
import { OPS_CONSOLE_PATH, registerOpsConsole } from './ops-console-site';

const servers: FastifyInstance[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function site(apiOrigin: string | null) {
  const dist = tempDir('crease-ops-dist-');
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Staff console</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'ops.0123456789.js'), 'console.log(1)');
  const app = Fastify();
  registerOpsConsole(app, dist, { apiOrigin });
  app.get('/*', async () => 'the shell');
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  return { app, origin: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

describe('the staff console page at /ops/ (decision 399)', () => {
  it('names the API host it may call in its CSP and a meta tag, with no inline script', async () => {
    const { app, origin } = await site(null);
    // The Host a browser sends (fetch may not set it): the API host is derived from it.
    const page = await app.inject({
      url: OPS_CONSOLE_PATH,
      headers: { host: 'www.crease.test:8080' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy'] ?? '');
    expect(csp).toContain("connect-src 'self' http://api.crease.test:8080");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    const html = page.body;
    expect(html).toContain(
      '<meta name="crease-api-origin" content="http://api.crease.test:8080" />',
    );
    expect(html).not.toContain('<script>');

    const asset = await fetch(`${origin}${OPS_CONSOLE_PATH}ops.0123456789.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${origin}${OPS_CONSOLE_PATH}nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('the shell');
    const bare = await fetch(`${origin}/ops`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe(OPS_CONSOLE_PATH);
  });

  it('uses the configured API origin when there is one, escaped', async () => {
    const { origin } = await site('https://api.crease.tv');
    const page = await fetch(`${origin}${OPS_CONSOLE_PATH}`);
    expect(page.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://api.crease.tv",
    );
    expect(await page.text()).toContain('content="https://api.crease.tv"');
  });
});
