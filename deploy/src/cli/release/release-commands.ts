import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from '../../registry/release-error';
import type { CommitResult, ReleaseContext } from '../../registry/release-types';
import { wholeNumberFlag } from './release-args';
import type { ReleaseFlags } from './release-args';
import type { PublishSource, ReleaseBackend } from '../../registry/release-backend';
import { commitTable, historyTable, publishTable, statusTable } from './release-tables';

/** What every command gets: where to send it, its arguments, and how to print the answer. */
export interface CommandInput {
  backend: ReleaseBackend;
  positional: string[];
  flags: ReleaseFlags;
  context: ReleaseContext;
  repoRoot: string;
  /** Prints JSON (--json) or the text. */
  print: (value: unknown, text: string) => void;
}

export type Command = (input: CommandInput) => Promise<void>;

function needArgs(command: string, positional: string[], min: number, max: number): void {
  if (positional.length < min || positional.length > max) {
    throw new ReleaseError('INVALID_REQUEST', `Wrong arguments for ${command}; see --help.`);
  }
}

/** On a conflict, re-read and try again up to --retry times (the gate is checked again). */
async function withRetry(flags: ReleaseFlags, run: () => Promise<CommitResult>) {
  const retries = wholeNumberFlag(flags, 'retry') ?? 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (
        !(error instanceof ReleaseError && error.code === 'RELEASE_CONFLICT') ||
        attempt >= retries
      )
        throw error;
    }
  }
}

/** `promote a 1 b 2` or `promote a@1 b@2`. */
function versionPairs(args: string[]): Record<string, string> {
  const versions: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const at = arg.indexOf('@');
    const [app, version] = at > 0 ? [arg.slice(0, at), arg.slice(at + 1)] : [arg, args[++i]];
    if (!version) throw new ReleaseError('INVALID_REQUEST', `promote: ${app} needs a version.`);
    if (versions[app]) throw new ReleaseError('INVALID_REQUEST', `promote: ${app} named twice.`);
    versions[app] = version;
  }
  if (Object.keys(versions).length === 0) {
    throw new ReleaseError('INVALID_REQUEST', 'promote: name an app and a version.');
  }
  return versions;
}

function packageVersionOf(app: string, appDir: string): string {
  const pkg = path.join(appDir, 'package.json');
  if (!fs.existsSync(pkg)) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      `${app} has no package.json in this checkout; pass --package-version.`,
    );
  }
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** `publish <app> <version>` records an uploaded version; `publish <app>` uploads a build. */
function publishSource(
  { backend, flags, repoRoot }: CommandInput,
  app: string,
  version: string | undefined,
): PublishSource {
  if (version !== undefined) {
    if (flags.from !== undefined || flags['package-version'] !== undefined) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        'publish <app> <version> records an uploaded version; --from and --package-version are for uploading a build.',
      );
    }
    return { version };
  }
  if (!backend.uploads) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      'With --api, publish records a version already uploaded to the artifact store: publish <app> <version>.',
    );
  }
  const appDir = path.join(repoRoot, app);
  return {
    buildDir: path.resolve(flags.from ?? path.join(appDir, 'dist')),
    packageVersion: flags['package-version'] || packageVersionOf(app, appDir),
  };
}

const publish: Command = async (input) => {
  needArgs('publish', input.positional, 1, 2);
  const [app = '', version] = input.positional;
  const source = publishSource(input, app, version);
  const result = await input.backend.publish(app, source, input.context);
  input.print(result, publishTable(result));
};

const promote: Command = async ({ backend, positional, flags, context, print }) => {
  const versions = versionPairs(positional);
  const result = await withRetry(flags, () => backend.promote(versions, context));
  print(result, commitTable(result, 'promote'));
};

const rollback: Command = async ({ backend, positional, flags, context, print }) => {
  needArgs('rollback', positional, 1, 1);
  const to = flags.to ?? null;
  const result = await withRetry(flags, () => backend.rollback(positional[0]!, to, context));
  print(result, commitTable(result, 'rollback'));
};

const canary: Command = async ({ backend, positional, flags, context, print }) => {
  needArgs('canary', positional, 2, 2);
  const [app = '', version = ''] = positional;
  if (flags.percent === undefined) {
    throw new ReleaseError('INVALID_REQUEST', 'canary needs --percent <1-99>.');
  }
  // The registry says what is wrong with a value ("must be a whole number from 1 to 99").
  const percent = /^\d+$/.test(flags.percent) ? Number(flags.percent) : Number.NaN;
  const result = await withRetry(flags, () => backend.canary(app, version, percent, context));
  print(result, commitTable(result, 'canary'));
};

const markGood: Command = async ({ backend, positional, flags, context, print }) => {
  needArgs('mark-good', positional, 2, 2);
  const [app = '', version = ''] = positional;
  const result = await withRetry(flags, () => backend.markGood(app, version, context));
  print(result, commitTable(result, 'mark-good'));
};

/** A release manager clears a version's fallback veto, with a reason (decision 411). */
const clearVeto: Command = async ({ backend, positional, flags, context, print }) => {
  needArgs('clear-veto', positional, 2, 2);
  const [app = '', version = ''] = positional;
  const result = await withRetry(flags, () => backend.clearVeto(app, version, context));
  print(result, commitTable(result, 'clear-veto'));
};

const history: Command = async ({ backend, positional, flags, print }) => {
  needArgs('history', positional, 0, 1);
  const limit = wholeNumberFlag(flags, 'limit') ?? 50;
  // The release API's bounds, here too, so both modes take the same arguments.
  if (limit < 1 || limit > 1000) {
    throw new ReleaseError('INVALID_REQUEST', '--limit must be 1-1000.');
  }
  const entries = await backend.history(positional[0], limit);
  print(entries, historyTable(entries));
};

const status: Command = async ({ backend, positional, print }) => {
  needArgs('status', positional, 0, 0);
  const answer = await backend.status();
  print(answer, statusTable(answer, backend.where));
};

/** The release CLI's commands by name (`npm run release -- <name> …`). */
export const RELEASE_COMMANDS: Readonly<Record<string, Command>> = {
  publish,
  promote,
  rollback,
  canary,
  'mark-good': markGood,
  'clear-veto': clearVeto,
  history,
  status,
};
