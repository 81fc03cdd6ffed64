/** The API's public surface: build it, configure it, mount it in another server. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApi } from './app';
import type { ApiApp, CreateApiOptions } from './app';
import type { ApiConfig } from './platform/config';
import { ensureDevAdmin } from './staff';
import type { DevAdmin } from './staff';

export { createApi } from './app';
export type { ApiApp, CreateApiOptions } from './app';
export { ConfigError, loadApiConfig, PRODUCTION_ARGON2 } from './platform/config';
export type { ApiConfig, Argon2Params } from './platform/config';
export { ensureStreamMedia } from './streams/media/render-media';
export { EDGE_ACCESS_CACHE_SECONDS } from './streams/origin/stream-standing';
export { renewAfterSeconds } from './streams/stream-lease';
export type { RenderedMedia } from './streams/media/render-media';
export { devAdminNote } from './staff';
export type { DevAdmin } from './staff';

export interface MountedApi {
  app: ApiApp;
  /** A plain Node request listener: the edge server hands it requests for the API host. */
  handler: (request: IncomingMessage, response: ServerResponse) => void;
  close(): Promise<void>;
}

/** Builds the API and readies it for in-process mounting (the edge's `apiHandler`). */
export async function mountApi(
  config: ApiConfig,
  options: CreateApiOptions = {},
): Promise<MountedApi> {
  const app = await createApi(config, options);
  await app.ready();
  return {
    app,
    handler: (request, response) => app.routing(request, response),
    close: () => app.close(),
  };
}

/**
 * `npm start` and `npm run dev`: the development admin, made once and reused (decision 433).
 * Never in production, which refuses to start while it is active.
 */
export async function ensureDevelopmentAdmin(api: { app: ApiApp }): Promise<DevAdmin | null> {
  const { database, clock, hasher, config } = api.app.services;
  if (config.env === 'production') return null;
  return ensureDevAdmin({ db: database.db, clock, hasher }, config.dataDir);
}
