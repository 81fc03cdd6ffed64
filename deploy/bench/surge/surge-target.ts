/**
 * What the surge runs against, both from the cluster's own parts (decision 285):
 * - single: one API process (`api/src/cli/serve.ts`, the cluster's API environment) over a
 *   throwaway PostgreSQL, with nginx in front as the CDN only (the API host and the media host
 *   with its cached token check): media on the CDN, as the goal is stated;
 * - cluster: `npm run start:cluster`'s whole topology (3 APIs, 2 edges, redis, nginx).
 * Both log at the production level (one line per response, decision 017) into a file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureStreamMedia, loadApiConfig } from 'api';
import { PRODUCTION_LOG_LEVEL } from 'api/config';
import { findPostgresBin, startPostgresCluster } from 'api/testing/postgres-cluster';
import { apiConfigMap, newSecrets, nginxFor, startCluster } from '../../src/cluster/cluster';
import { apiEnvironment, planCluster } from '../../src/cluster/cluster-plan';
import { ManagedProcess } from '../../src/cluster/managed-process';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export interface SurgeTarget {
  mode: 'single' | 'cluster';
  /** The API's origin as viewers call it (through nginx in both modes). */
  apiOrigin: string;
  /** The site's origin the browser's calls carry (Origin header). */
  siteOrigin: string;
  apiPids(): number[];
  /** The API processes' log files (their request lines, at the production level). */
  apiLogFiles(): string[];
  /** nginx's log of the CDN's token checks. */
  tokenCheckLog: string;
  nginxPid(): number | undefined;
  databaseUrl: string;
  redisUrl: string | null;
  stop(): Promise<void>;
}

/** The API environment both modes add: production's log level (the cluster's default is warn). */
const SURGE_API_ENV = { LOG_LEVEL: PRODUCTION_LOG_LEVEL };

export async function startTarget(
  cluster: boolean,
  port: number,
  log: (line: string) => void,
): Promise<SurgeTarget> {
  if (cluster) {
    const running = await startCluster({ port, log, apiEnv: SURGE_API_ENV });
    return {
      mode: 'cluster',
      apiOrigin: running.plan.apiOrigin,
      siteOrigin: running.plan.siteOrigin,
      apiPids: () => running.apis.map((api) => api.pid).filter((pid) => pid !== undefined),
      apiLogFiles: () => running.apis.map((api) => api.spec.logFile),
      tokenCheckLog: path.join(running.plan.dir, 'nginx', 'token-checks.log'),
      nginxPid: () => running.nginx.pid,
      databaseUrl: running.databaseUrl,
      redisUrl: running.redis.url(),
      stop: () => running.stop(),
    };
  }
  return startSingle(port, log);
}

async function startSingle(port: number, log: (line: string) => void): Promise<SurgeTarget> {
  const pgBin = findPostgresBin();
  if (!pgBin)
    throw new Error('bench:surge needs PostgreSQL server binaries (apt-get install postgresql)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-surge-'));
  const full = planCluster(port, dir);
  // One API replica and no edge: nginx serves the API host and the CDN host only.
  const plan = { ...full, apiPorts: full.apiPorts.slice(0, 1), edgePorts: [] };
  const stops: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await Promise.resolve(step()).catch(() => undefined);
    // BENCH_SURGE_KEEP=1: the logs (API, nginx) stay, to read why a run failed.
    if (process.env.BENCH_SURGE_KEEP === '1') log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ensureStreamMedia(loadApiConfig({}, REPO_ROOT).streams.mediaCacheDir, () => {});
    log('starting PostgreSQL …');
    const postgres = await startPostgresCluster(pgBin);
    stops.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase('crease');
    const env = apiEnvironment(
      plan,
      apiConfigMap(),
      newSecrets(),
      { databaseUrl, redisUrl: '' },
      0,
    );
    // No redis in this mode: the per-IP limits are per process (none of the surge's calls has one).
    delete env.REDIS_URL;
    const api = new ManagedProcess({
      name: 'api-1',
      command: process.execPath,
      args: [
        // BENCH_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=.bench/prof", to profile the API.
        ...(process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'api', 'src', 'cli', 'serve.ts'),
      ],
      env: { ...env, ...SURGE_API_ENV },
      port: plan.apiPorts[0]!,
      logFile: path.join(dir, 'api-1.log'),
      cwd: REPO_ROOT,
    });
    log('starting one API process …');
    stops.push(() => api.kill());
    await api.start();
    const { nginx } = nginxFor(plan);
    stops.push(() => nginx.kill());
    await nginx.start();
    return {
      mode: 'single',
      apiOrigin: plan.apiOrigin,
      siteOrigin: plan.siteOrigin,
      apiPids: () => (api.pid === undefined ? [] : [api.pid]),
      apiLogFiles: () => [api.spec.logFile],
      tokenCheckLog: path.join(dir, 'nginx', 'token-checks.log'),
      nginxPid: () => nginx.pid,
      databaseUrl,
      redisUrl: null,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
