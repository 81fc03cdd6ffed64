/**
 * The production topology on one machine (issue 24, decision 285): nginx in front, 3 API
 * replicas, 2 edge replicas, a throwaway PostgreSQL cluster and a redis-server, all from the
 * committed configuration (deploy/k8s's ConfigMap, the release registry), in one folder that
 * `stop()` removes. `npm run start:cluster` runs it; the fault tests start and break it.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ensureStreamMedia, loadApiConfig } from 'api';
import { findPostgresBin, startPostgresCluster } from 'api/testing/postgres-cluster';
import type { PostgresCluster } from 'api/testing/postgres-cluster';
import { findRedisServer, startRedisServer } from 'api/testing/redis-server';
import type { RedisServer } from 'api/testing/redis-server';
import { loadEdgeConfig } from '../config';
import { buildMissing, localApps, publishAndPromote } from '../registry/local-release';
import { openRegistry } from '../registry/open-registry';
import { clusterNginxConfig } from './cluster-nginx';
import { apiEnvironment, edgeEnvironment, planCluster } from './cluster-plan';
import type { ClusterPlan, ClusterSecrets } from './cluster-plan';
import { ManagedProcess } from './managed-process';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const TSX = ['--import', 'tsx'];

export interface RunningCluster {
  plan: ClusterPlan;
  apis: ManagedProcess[];
  edges: ManagedProcess[];
  nginx: ManagedProcess;
  postgres: PostgresCluster;
  redis: RedisServer;
  databaseUrl: string;
  /** Re-reads the nginx config without dropping connections (`nginx -s reload`). */
  reloadNginx(): void;
  stop(): Promise<void>;
}

/** The committed API ConfigMap's data: what production runs, read as production reads it. */
export function apiConfigMap(): Record<string, string> {
  const file = path.join(REPO_ROOT, 'deploy', 'k8s', 'api-configmap.yaml');
  const [doc] = parseAllDocuments(fs.readFileSync(file, 'utf8'));
  const data = (doc?.toJS() as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)]));
}

const secret = () => crypto.randomBytes(32).toString('base64url');

/** Secrets minted for one run (shared by every replica of it; nothing is committed). */
export function newSecrets(): ClusterSecrets {
  return {
    jwt: secret(),
    xsrf: secret(),
    streamToken: secret(),
    altcha: secret(),
    sandboxWebhook: secret(),
    releaseProof: secret(),
    releaseToken: secret(),
  };
}

/**
 * nginx for `plan`, in `<plan.dir>/nginx`: its config written and checked, not yet started.
 * `reload` re-reads the config without dropping connections (`nginx -s reload`).
 */
export function nginxFor(plan: ClusterPlan): { nginx: ManagedProcess; reload(): void } {
  const nginxDir = path.join(plan.dir, 'nginx');
  for (const sub of ['tmp', 'cache']) fs.mkdirSync(path.join(nginxDir, sub), { recursive: true });
  // Started as root (CI), nginx's workers run as nobody: they must reach and write their
  // caches and temp files.
  if (process.getuid?.() === 0) {
    fs.chmodSync(plan.dir, 0o755);
    fs.chmodSync(nginxDir, 0o755);
    for (const sub of ['tmp', 'cache'])
      execFileSync('chown', ['-R', 'nobody', path.join(nginxDir, sub)]);
  }
  const conf = path.join(nginxDir, 'nginx.conf');
  fs.writeFileSync(conf, clusterNginxConfig(plan));
  execFileSync(NGINX, ['-t', '-q', '-p', nginxDir, '-c', conf], { stdio: 'pipe' });
  const nginx = new ManagedProcess({
    name: 'nginx',
    command: NGINX,
    args: ['-p', nginxDir, '-c', conf, '-g', 'daemon off;'],
    env: {},
    port: plan.port,
    logFile: path.join(plan.dir, 'nginx.log'),
  });
  return {
    nginx,
    reload() {
      execFileSync(NGINX, ['-s', 'reload', '-p', nginxDir, '-c', conf], { stdio: 'pipe' });
    },
  };
}

export interface ClusterOptions {
  port: number;
  log?: (line: string) => void;
  /** Extra API environment (a fault test's short access tokens). */
  apiEnv?: Record<string, string>;
}

export async function startCluster({
  port,
  log = () => {},
  apiEnv = {},
}: ClusterOptions): Promise<RunningCluster> {
  const pgBin = findPostgresBin();
  const redisBin = findRedisServer();
  const missing = [
    !pgBin && 'PostgreSQL server binaries (apt-get install postgresql)',
    !redisBin && 'redis-server (apt-get install redis-server)',
    !fs.existsSync(NGINX) && `nginx at ${NGINX} (apt-get install nginx)`,
  ].filter(Boolean);
  if (missing.length) throw new Error(`start:cluster needs ${missing.join(', ')}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-cluster-'));
  const plan = planCluster(port, dir);
  const secrets = newSecrets();
  const started: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of started.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const apps = localApps(REPO_ROOT);
    log('building what is missing …');
    buildMissing(REPO_ROOT, apps);
    await ensureStreamMedia(loadApiConfig({}, REPO_ROOT).streams.mediaCacheDir, () => {});

    log('starting PostgreSQL and redis …');
    const postgres = await startPostgresCluster(pgBin!);
    started.push(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase('crease');
    const redis = await startRedisServer(redisBin!);
    started.push(() => redis.stop());

    // The edges serve what is live in one registry folder; publish and promote the local builds.
    const edgeEnv = edgeEnvironment(plan, secrets, 0);
    const { state } = await publishAndPromote(
      openRegistry(loadEdgeConfig(edgeEnv, REPO_ROOT).release),
      apps,
    );
    log(`live: shell@${state.shell?.version}`);

    const configMap = apiConfigMap();
    const services = { databaseUrl, redisUrl: redis.url() };
    const apis = plan.apiPorts.map(
      (apiPort, replica) =>
        new ManagedProcess({
          name: `api-${replica + 1}`,
          command: process.execPath,
          args: [...TSX, path.join(REPO_ROOT, 'api', 'src', 'cli', 'serve.ts')],
          env: { ...apiEnvironment(plan, configMap, secrets, services, replica), ...apiEnv },
          port: apiPort,
          logFile: path.join(dir, `api-${replica + 1}.log`),
          cwd: REPO_ROOT,
        }),
    );
    const edges = plan.edgePorts.map(
      (edgePort, replica) =>
        new ManagedProcess({
          name: `edge-${replica + 1}`,
          command: process.execPath,
          args: [...TSX, path.join(REPO_ROOT, 'deploy', 'src', 'cli', 'serve.ts')],
          env: edgeEnvironment(plan, secrets, replica),
          port: edgePort,
          logFile: path.join(dir, `edge-${replica + 1}.log`),
          cwd: REPO_ROOT,
        }),
    );
    log('starting 3 API and 2 edge replicas …');
    // All at once, as a rollout would: the API migrates under an advisory lock.
    started.push(() => Promise.all([...apis, ...edges].map((p) => p.kill())).then(() => {}));
    await Promise.all([...apis, ...edges].map((p) => p.start()));

    const { nginx, reload } = nginxFor(plan);
    started.push(() => nginx.kill());
    await nginx.start();

    return {
      plan,
      apis,
      edges,
      nginx,
      postgres,
      redis,
      databaseUrl,
      reloadNginx: reload,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
