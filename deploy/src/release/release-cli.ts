import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadReleaseConfig } from '../config';
import { openRegistry } from './open-registry';
import type { CommitResult, ReleaseContext } from './registry';
import { ReleaseApiClient } from './release-api-client';
import { localBackend } from './release-backend';
import type { PublishSource, ReleaseBackend } from './release-backend';
import { ReleaseError } from './release-error';
import { formatTable } from './table';

export const EXIT = {
  OK: 0,
  UNEXPECTED: 1,
  USAGE: 2,
  CONFLICT: 3,
  CONTRACT: 4,
  NOT_FOUND: 5,
  NOT_AUTHORISED: 6,
} as const;

export const RELEASE_HELP = `Usage: npm run release -- <command> [options]

Commands
  publish <app> [--from <dir>] [--package-version <v>]
                                    put a build (default <app>/dist) into the artifact store
  publish <app> <version>           record a version already uploaded to the artifact store
  promote <app> <version> [<app> <version> …]
                                    make versions live; several apps go in one atomic revision
  rollback <app> [--to <version>]   go back to the last-known-good, or to the version named
  mark-good <app> <version> --reason <text>
                                    vouch for a version: it may be the last-known-good without
                                    waiting for the minimum live time (refused if viewers fell
                                    back from it)
  history [<app>] [--limit <n>]     the release history, newest first
  status                            what is live, last-known-good, fallback counts

Options
  --reason <text>      why (recorded in the history)
  --actor <name>       who (default: $CREASE_ACTOR, else your OS user name)
  --if-revision <n>    refuse unless the registry is still at revision n (from status)
  --retry <n>          on a conflict, re-read and try again up to n times (gate re-checked)
  --api <url>          remote mode: go through the release API at <url> (or $CREASE_RELEASE_API)
                       with the token in $CREASE_RELEASE_TOKEN (never a flag); the token names
                       the actor, so --actor is refused; publish takes only <app> <version>
  --json               machine-readable output on stdout
  --help               this text

Apps: shell, mf-auth, mf-billing, mf-catalog, mf-player, mf-legal
Configuration: the same environment as the edge server (CREASE_DATA_DIR, CREASE_ARTIFACT_STORE, …).

Exit codes
  0  done
  1  unexpected error
  2  usage error or invalid input (mark-good of a version viewers fell back from, too)
  3  conflict: someone else released at the same time; nothing was changed
  4  contract gate: the shell and a remote would not be compatible; nothing was changed
  5  not found: no such artifact, or no previous version to roll back to
  6  not authorised: the release API refused the token (missing, wrong, or none configured)
`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUE_FLAGS = new Set([
  'from',
  'package-version',
  'to',
  'reason',
  'actor',
  'if-revision',
  'limit',
  'retry',
  'api',
]);
const BOOLEAN_FLAGS = new Set(['json', 'help']);

function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (BOOLEAN_FLAGS.has(name)) flags.set(name, true);
    else if (VALUE_FLAGS.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined)
        throw new ReleaseError('INVALID_REQUEST', `--${name} needs a value.`);
      flags.set(name, value);
    } else throw new ReleaseError('INVALID_REQUEST', `Unknown option --${name}.`);
  }
  return { positional, flags };
}

function intFlag(flags: ParsedArgs['flags'], name: string): number | undefined {
  const value = flags.get(name);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new ReleaseError('INVALID_REQUEST', `--${name} must be a whole number.`);
  }
  return n;
}

function stringFlag(flags: ParsedArgs['flags'], name: string): string | undefined {
  const value = flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

function defaultActor(env: NodeJS.ProcessEnv): string {
  if (env.CREASE_ACTOR) return env.CREASE_ACTOR;
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
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

/** `publish <app> <version>` records an uploaded version; `publish <app>` uploads a build. */
function publishSource(
  backend: ReleaseBackend,
  app: string,
  version: string | undefined,
  flags: ParsedArgs['flags'],
  repoRoot: string,
): PublishSource {
  if (version !== undefined) {
    if (flags.has('from') || flags.has('package-version')) {
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
  const buildDir = path.resolve(stringFlag(flags, 'from') ?? path.join(appDir, 'dist'));
  let packageVersion = stringFlag(flags, 'package-version');
  if (!packageVersion) {
    const pkg = path.join(appDir, 'package.json');
    if (!fs.existsSync(pkg)) {
      throw new ReleaseError(
        'INVALID_REQUEST',
        `${app} has no package.json in this checkout; pass --package-version.`,
      );
    }
    packageVersion = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
  }
  return { buildDir, packageVersion };
}

async function withRetry(retries: number, run: () => Promise<CommitResult>) {
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

const COMMITTED: Record<string, string> = {
  promote: 'Promoted',
  rollback: 'Rolled back',
  'mark-good': 'Marked good',
};

function commitTable(result: CommitResult, action: string): string {
  if (result.changes.length === 0)
    return action === 'mark-good'
      ? `Nothing to do: already marked good (revision ${result.revision}).`
      : `Nothing to ${action}: already live (revision ${result.revision}).`;
  return `${formatTable(
    ['APP', 'FROM', 'TO'],
    result.changes.map((c) => [c.app, c.from, c.to]),
  )}\n\n${COMMITTED[action] ?? action} in revision ${result.revision}; the next page load gets it.`;
}

/** Remote mode (--api or CREASE_RELEASE_API): the release API client; else the local registry. */
function openBackend(flags: ParsedArgs['flags'], env: NodeJS.ProcessEnv, repoRoot: string) {
  const api = stringFlag(flags, 'api') ?? (env.CREASE_RELEASE_API?.trim() || undefined);
  if (api === undefined) return localBackend(openRegistry(loadReleaseConfig(env, repoRoot)));
  if (flags.has('actor')) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      '--actor does not go with --api: the release API records the name of your token as the actor.',
    );
  }
  return new ReleaseApiClient({ baseUrl: api, token: env.CREASE_RELEASE_TOKEN?.trim() || null });
}

async function run(
  backend: ReleaseBackend,
  command: string,
  args: ParsedArgs,
  repoRoot: string,
  env: NodeJS.ProcessEnv,
  io: CliIo,
): Promise<number> {
  const { positional, flags } = args;
  const json = flags.has('json');
  const print = (value: unknown, text: string) =>
    io.out(json ? JSON.stringify(value, null, 2) : text);
  const context: ReleaseContext = {
    actor: stringFlag(flags, 'actor') ?? defaultActor(env),
    reason: stringFlag(flags, 'reason') ?? null,
    ifRevision: intFlag(flags, 'if-revision'),
  };
  const retries = intFlag(flags, 'retry') ?? 0;
  const needArgs = (min: number, max: number) => {
    if (positional.length < min || positional.length > max) {
      throw new ReleaseError('INVALID_REQUEST', `Wrong arguments for ${command}; see --help.`);
    }
  };
  switch (command) {
    case 'publish': {
      needArgs(1, 2);
      const [app = '', version] = positional;
      const result = await backend.publish(
        app,
        publishSource(backend, app, version, flags, repoRoot),
        context,
      );
      print(
        result,
        `${formatTable(
          ['APP', 'VERSION', 'CONTRACT', 'NEW'],
          [
            [
              result.app,
              result.version,
              String(result.contract),
              result.created ? 'yes' : 'no (already published)',
            ],
          ],
        )}\n\nPromote it with: npm run release -- promote ${result.app} ${result.version}`,
      );
      return EXIT.OK;
    }
    case 'promote': {
      const versions = versionPairs(positional);
      const result = await withRetry(retries, () => backend.promote(versions, context));
      print(result, commitTable(result, 'promote'));
      return EXIT.OK;
    }
    case 'rollback': {
      needArgs(1, 1);
      const to = stringFlag(flags, 'to') ?? null;
      const result = await withRetry(retries, () => backend.rollback(positional[0]!, to, context));
      print(result, commitTable(result, 'rollback'));
      return EXIT.OK;
    }
    case 'mark-good': {
      needArgs(2, 2);
      const [app = '', version = ''] = positional;
      const result = await withRetry(retries, () => backend.markGood(app, version, context));
      print(result, commitTable(result, 'mark-good'));
      return EXIT.OK;
    }
    case 'history': {
      needArgs(0, 1);
      const limit = intFlag(flags, 'limit') ?? 50;
      // The release API's bounds, here too, so both modes take the same arguments.
      if (limit < 1 || limit > 1000) {
        throw new ReleaseError('INVALID_REQUEST', '--limit must be 1-1000.');
      }
      const entries = await backend.history(positional[0], limit);
      print(
        entries,
        entries.length === 0
          ? 'No releases yet.'
          : formatTable(
              ['REV', 'AT', 'ACTOR', 'ACTION', 'APP', 'FROM', 'TO', 'REASON'],
              entries.map((e) => [
                e.revision,
                e.at,
                e.actor,
                e.action,
                e.app,
                e.from,
                e.to,
                e.reason,
              ]),
            ),
      );
      return EXIT.OK;
    }
    case 'status': {
      needArgs(0, 0);
      const status = await backend.status();
      print(
        status,
        status.apps.length === 0
          ? `Nothing is live yet (revision ${status.revision}).`
          : `${formatTable(
              ['APP', 'LIVE', 'LAST KNOWN GOOD', 'CONTRACT', 'FALLBACKS', 'SINCE', 'BY'],
              status.apps.map((a) => [
                a.app,
                a.version,
                a.lastKnownGood,
                a.contract === null ? null : String(a.contract),
                a.fallbacks,
                a.since,
                a.by,
              ]),
            )}\n\nRegistry revision ${status.revision}; ${backend.where}.`,
      );
      return EXIT.OK;
    }
    default:
      throw new ReleaseError('INVALID_REQUEST', `Unknown command "${command}"; see --help.`);
  }
}

/** The release CLI, in-process: returns the exit code. Tables on stdout, errors on stderr. */
export async function runReleaseCli(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; repoRoot: string; io?: CliIo },
): Promise<number> {
  const env = options.env ?? process.env;
  const io = options.io ?? {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  };
  const [command, ...rest] = argv;
  try {
    const args = parseArgs(rest);
    if (!command || command === '--help' || command === 'help' || args.flags.has('help')) {
      io.out(RELEASE_HELP);
      return command ? EXIT.OK : EXIT.USAGE;
    }
    const backend = openBackend(args.flags, env, options.repoRoot);
    return await run(backend, command, args, options.repoRoot, env, io);
  } catch (error) {
    if (error instanceof ReleaseError) {
      io.err(`${error.code}: ${error.message}`);
      if (error.exitCode === EXIT.NOT_AUTHORISED) {
        io.err(
          env.CREASE_RELEASE_TOKEN?.trim()
            ? 'The token in CREASE_RELEASE_TOKEN was not accepted; ask for a valid release token.'
            : 'Set CREASE_RELEASE_TOKEN to your release token (it is read from the environment only).',
        );
      }
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return EXIT.USAGE;
    }
    io.err(
      `Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return EXIT.UNEXPECTED;
  }
}
