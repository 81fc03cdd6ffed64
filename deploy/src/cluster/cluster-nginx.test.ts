/**
 * @jest-environment node
 *
 * The cluster's nginx config, whole (3 APIs, 2 edges) and as bench:surge runs it (one API, no
 * edge): both pass `nginx -t` where nginx is installed, and both log the CDN's token checks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  (fs.existsSync(NGINX) ? it : it.skip)('passes nginx -t, with and without edges', () => {
    expect(() => nginxFor(plan(3, 2))).not.toThrow();
    expect(() => nginxFor(plan(1, 0))).not.toThrow();
  });
});
