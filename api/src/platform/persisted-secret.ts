import fs from 'node:fs';
import path from 'node:path';

/** Reads the dev key from the data folder, or makes and keeps one, so tokens survive restarts. */
export function persistedSecret(dataDir: string, file: string): Uint8Array {
  const keyFile = path.join(dataDir, file);
  try {
    return new Uint8Array(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64url'));
  } catch {
    const key = crypto.getRandomValues(new Uint8Array(32));
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(keyFile, Buffer.from(key).toString('base64url'), { mode: 0o600 });
    return key;
  }
}
