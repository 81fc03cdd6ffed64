import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config-error';

/**
 * The keys that sign and check release proofs (decision 156): the configured ones
 * (CREASE_RELEASE_PROOF_SECRET, required in production; the first signs, the others are still
 * accepted while a rotation is under way), else, outside production only, one random key made
 * once and kept under the data dir (mode 0600), so every local process sharing that data dir
 * (npm start, the static tier's ops upstream in tests) and every restart agree on it.
 */
export function releaseProofSecrets(config: {
  dataDir: string;
  production: boolean;
  proofSecrets: readonly string[];
}): string[] {
  if (config.proofSecrets.length > 0) return [...config.proofSecrets];
  if (config.production) {
    throw new ConfigError('CREASE_RELEASE_PROOF_SECRET is required when NODE_ENV=production');
  }
  const file = path.join(config.dataDir, 'release-proof-secret');
  const read = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '');
  let secret = read();
  if (secret.length < 32) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const made = crypto.randomBytes(32).toString('base64url');
    try {
      // wx: of two processes starting at once, both keep the key written first.
      fs.writeFileSync(file, `${made}\n`, { mode: 0o600, flag: secret ? 'w' : 'wx' });
    } catch {
      // the other process won: its key is read below
    }
    secret = read();
  }
  return [secret];
}
