/** @jest-environment node */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '../config';
import { claimPgliteFolder } from './pglite-lock';

describe('claimPgliteFolder', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crease-lock-')), 'api-db');
  });

  it('claims a free folder and releases it on close', () => {
    const release = claimPgliteFolder(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a folder another live process holds, with a clear error', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(`${dir}.lock`, String(other.pid));
      expect(() => claimPgliteFolder(dir)).toThrow(ConfigError);
      expect(() => claimPgliteFolder(dir)).toThrow(`in use by process ${other.pid}`);
      expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose process is gone, and one with garbage in it', () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    fs.writeFileSync(`${dir}.lock`, String(gone));
    claimPgliteFolder(dir)();
    fs.writeFileSync(`${dir}.lock`, 'not a pid');
    const release = claimPgliteFolder(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
