import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { consoleCsp, registerConsoleSite } from './console-site';

/** Where the release console lives on the edge (npm start) and on the release API service. */
export const RELEASE_CONSOLE_PATH = '/release-console/';

/** The console's production build (`npm run build -w deploy`): deploy/console/dist. */
export const RELEASE_CONSOLE_DIST = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  'console',
  'dist',
);

/** It talks to its own origin's release API only. */
const CONSOLE_CSP = consoleCsp();

/** GET /release-console/: the release console (decision 135), served by console-site.ts. */
export function registerReleaseConsole(app: FastifyInstance, distDir: string): void {
  registerConsoleSite(app, {
    path: RELEASE_CONSOLE_PATH,
    distDir,
    title: 'Release console',
    buildCommand: 'npm run build -w deploy',
    csp: () => CONSOLE_CSP,
  });
}
