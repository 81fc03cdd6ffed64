/**
 * The API alone (`npm run start -w api`): what Kubernetes runs in production. Locally,
 * `npm start` mounts the same API inside the edge server on http://api.localhost:8080.
 */
import path from 'node:path';
import { ConfigError, createApi, devAdminNote, ensureDevelopmentAdmin, loadApiConfig } from '..';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function main() {
  const config = loadApiConfig(process.env, repoRoot);
  const app = await createApi(config);
  // Outside production, the staff API's development admin, as `npm start` makes it (decision 433).
  const devAdmin = await ensureDevelopmentAdmin({ app });
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  if (devAdmin) console.info(devAdminNote(devAdmin));
  console.info(
    `Crease API (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}) at http://localhost:${port}/ (docs: /docs)`,
  );
  const stop = () => void app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
