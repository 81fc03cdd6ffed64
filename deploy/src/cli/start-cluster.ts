/**
 * `npm run start:cluster`: the production topology on this machine (docs/deploy.md "The cluster
 * on one machine"). Prints where everything is; Ctrl-C stops everything it started.
 */
import { startCluster } from '../cluster/cluster';
import { listenForFaults } from '../cluster/fault-console';

const port = Number(process.env.PORT ?? 8090);
/** Extra API environment, as JSON (the fault tests' short access tokens). */
const apiEnv = JSON.parse(process.env.CREASE_CLUSTER_API_ENV ?? '{}') as Record<string, string>;

async function main() {
  const cluster = await startCluster({ port, apiEnv, log: (line) => console.info(line) });
  const { plan } = cluster;
  const rows: Array<[string, string]> = [
    ['site (nginx → 2 edges)', `${plan.siteOrigin}/`],
    ['API (nginx → 3 replicas)', `${plan.apiOrigin}/docs`],
    ['CDN: artifacts and streams', `${plan.cdnOrigin}/`],
    ...cluster.apis.map((api, i): [string, string] => [
      `  api-${i + 1} (pid ${api.pid})`,
      `http://127.0.0.1:${plan.apiPorts[i]}/`,
    ]),
    ...cluster.edges.map((edge, i): [string, string] => [
      `  edge-${i + 1} (pid ${edge.pid})`,
      `http://127.0.0.1:${plan.edgePorts[i]}/`,
    ]),
    ['PostgreSQL', cluster.databaseUrl],
    ['redis', cluster.redis.url()],
    ['logs and state', plan.dir],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.info('\nCrease cluster is running:');
  for (const [name, where] of rows) console.info(`  ${name.padEnd(width)}  ${where}`);
  console.info(
    'Type a fault on stdin: kill api-1, start api-1, restart redis, restart postgres 3000, reload nginx, status.',
  );
  console.info('Ctrl-C stops everything and removes the folder.\n');
  // One machine-readable line for tools that drive the cluster (the fault tests).
  console.info(
    `CLUSTER ${JSON.stringify({ port: plan.port, databaseUrl: cluster.databaseUrl, dir: plan.dir })}`,
  );
  listenForFaults(cluster);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.info('stopping …');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
