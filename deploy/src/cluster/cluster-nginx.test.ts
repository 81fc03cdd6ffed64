/**
 * @jest-environment node
 *
 * The cluster's nginx config, whole (3 APIs, 2 edges) and as bench:surge runs it (one API, no
 * edge): both pass `nginx -t` where nginx is installed, and both log the CDN's token checks.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { NGINX, nginxFor } from './cluster';
import { clusterNginxConfig } from './cluster-nginx';
import { planCluster } from './cluster-plan';

const dirs: string[] = [];
function plan(apis: number, edges: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-nginx-test-'));
  dirs.push(dir);
  const full = planCluster(5000, dir);
  return {
    ...full,
    apiPorts: full.apiPorts.slice(0, apis),
    edgePorts: full.edgePorts.slice(0, edges),
  };
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the cluster nginx config', () => {
  it('serves the site and artifacts from the edges when there are edges', () => {
    const conf = clusterNginxConfig(plan(3, 2));
    expect(conf).toContain('upstream crease_edge');
    expect(conf).toContain('server_name localhost;');
    expect(conf).toContain('location /apps/');
    expect(conf.match(/server 127\.0\.0\.1:50\d\d/g)).toHaveLength(5);
  });

  it('has only the API and CDN hosts without edges (one API process, as bench:surge runs it)', () => {
    const conf = clusterNginxConfig(plan(1, 0));
    expect(conf).not.toContain('crease_edge');
    expect(conf).not.toContain('location /apps/');
    expect(conf).toContain('server_name api.localhost;');
    expect(conf).toContain('server_name cdn.localhost;');
    expect(conf.match(/server 127\.0\.0\.1:50\d\d/g)).toEqual(['server 127.0.0.1:5011']);
  });

  it("logs the CDN's token checks with their cache status", () => {
    const conf = clusterNginxConfig(plan(1, 0));
    expect(conf).toContain("log_format token_check '$msec $upstream_cache_status $status';");
    expect(conf).toMatch(
      /location = \/_stream_access \{[^}]*log_subrequest on;[^}]*token-checks\.log token_check;/,
    );
  });

  it('asks an API about a token over kept-alive connections and keeps the answer 6 s (decision 356)', () => {
    const access = /location = \/_stream_access \{[^}]*\}/.exec(
      clusterNginxConfig(plan(3, 2)),
    )?.[0];
    expect(access).toContain('proxy_http_version 1.1;');
    expect(access).toContain('proxy_set_header Connection "";');
    expect(access).toContain('proxy_cache_valid 204 403 6s;');
  });

  it("forwards the viewer's address and keys the answer by token and address (decision 401)", () => {
    const access = /location = \/_stream_access \{[^}]*\}/.exec(
      clusterNginxConfig(plan(3, 2)),
    )?.[0];
    expect(access).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(access).toContain('proxy_cache_key "$stream_token|$remote_addr";');
  });

  (fs.existsSync(NGINX) ? it : it.skip)(
    'keeps one cached playlist gzipped and one not, whatever each browser sends (decision 383)',
    async () => {
      // The API replica's place: answers the token check, and a playlist as the API does.
      const asked: string[] = [];
      const api = http.createServer((req, res) => {
        if (req.url?.includes('/access?')) return res.writeHead(204).end();
        const encoding = req.headers['accept-encoding'] ?? '';
        asked.push(encoding);
        const text = '#EXTM3U\n'.repeat(1000);
        res.setHeader('content-type', 'application/vnd.apple.mpegurl');
        res.setHeader('cache-control', 'public, max-age=60');
        res.setHeader('vary', 'Accept-Encoding');
        if (encoding === 'gzip') res.setHeader('content-encoding', 'gzip');
        res.end(encoding === 'gzip' ? gzipSync(text) : text);
      });
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const running = { ...plan(1, 0), port };
      running.apiPorts = [port + 11];
      await new Promise<void>((resolve) => api.listen(port + 11, '127.0.0.1', resolve));
      const { nginx } = nginxFor(running);
      try {
        await nginx.start(20_000);
        const get = (encoding: string) =>
          new Promise<{ encoding?: string; cache?: string }>((resolve, reject) => {
            http
              .get(
                {
                  host: '127.0.0.1',
                  port,
                  path: '/live/cricket/ch-1/720p/index.m3u8?token=t',
                  headers: { host: `cdn.localhost:${port}`, 'accept-encoding': encoding },
                },
                (res) => {
                  res.resume();
                  res.on('end', () =>
                    resolve({
                      encoding: res.headers['content-encoding'],
                      cache: res.headers['x-cache'] as string | undefined,
                    }),
                  );
                },
              )
              .on('error', reject);
          });
        // Chromium, Firefox, an old client with gzip among others, one refusing it, none.
        expect(await get('gzip, deflate, br, zstd')).toEqual({ encoding: 'gzip', cache: 'MISS' });
        expect(await get('gzip, deflate, br')).toEqual({ encoding: 'gzip', cache: 'HIT' });
        expect(await get('deflate, gzip;q=0.5')).toEqual({ encoding: 'gzip', cache: 'HIT' });
        expect(await get('br, gzip;q=0')).toEqual({ encoding: undefined, cache: 'MISS' });
        expect(await get('identity')).toEqual({ encoding: undefined, cache: 'HIT' });
        expect(asked).toEqual(['gzip', '']);
      } finally {
        await nginx.kill();
        await new Promise((resolve) => api.close(resolve));
      }
    },
  );

  (fs.existsSync(NGINX) ? it : it.skip)('passes nginx -t, with and without edges', () => {
    expect(() => nginxFor(plan(3, 2))).not.toThrow();
    expect(() => nginxFor(plan(1, 0))).not.toThrow();
  });
});
