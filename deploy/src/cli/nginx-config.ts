/**
 * `npm run nginx:config -- <env file>`: prints deploy/nginx/crease.conf.template filled with the
 * env file's values (deploy/nginx/crease.production.env for production).
 */
import { parseArgs } from 'node:util';
import { renderNginxConfigFile } from '../static-site/nginx-config';

let envFile: string | undefined;
try {
  [envFile] = parseArgs({ allowPositionals: true, strict: true }).positionals;
} catch {
  envFile = undefined;
}
if (!envFile) {
  console.error('Usage: npm run nginx:config -- <env file>');
  process.exit(2);
}
try {
  process.stdout.write(renderNginxConfigFile(envFile));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
