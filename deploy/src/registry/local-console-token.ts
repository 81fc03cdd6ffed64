import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ReleaseConfig, ReleaseToken } from '../config';

/** The actor of the token `npm start` makes for the release console on this machine. */
export const LOCAL_CONSOLE_ACTOR = 'local-release-manager';

export interface LocalConsoleToken {
  token: ReleaseToken;
  /** Where it is kept (mode 0600), so the banner can say where to find it. */
  file: string;
}

/**
 * `npm start` (never production) without CREASE_RELEASE_TOKENS: one random token for the release
 * console, made once and kept under the data dir, so a restart does not sign the console out.
 * Configured tokens always win: then there is none of this. Returns null when not used.
 */
export function localConsoleToken(config: ReleaseConfig): LocalConsoleToken | null {
  if (config.production || config.tokens.length > 0) return null;
  const file = path.join(config.dataDir, 'release-console-token');
  let token = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (token.length < 16) {
    token = crypto.randomBytes(24).toString('base64url');
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  }
  fs.chmodSync(file, 0o600);
  return { token: { name: LOCAL_CONSOLE_ACTOR, token }, file };
}

/** The release config with the local token added (when there is one). */
export function withLocalConsoleToken(config: ReleaseConfig): {
  config: ReleaseConfig;
  local: LocalConsoleToken | null;
} {
  const local = localConsoleToken(config);
  return { config: local ? { ...config, tokens: [local.token] } : config, local };
}
