/**
 * `npm run release -- <publish|promote|rollback|history|status> …`: the release CLI. See
 * `npm run release -- --help` and docs/releases.md.
 */
import path from 'node:path';
import { runReleaseCli } from './release/release-cli';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

process.exitCode = await runReleaseCli(process.argv.slice(2), { repoRoot });
