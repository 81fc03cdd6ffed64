/**
 * `npm run nginx:config -- <env file>`: prints deploy/nginx/crease.conf.template filled with the
 * env file's values (deploy/nginx/crease.production.env for production).
 */
import { renderNginxConfigFile } from '../static-site/nginx-config';

const envFile = process.argv[2];
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
