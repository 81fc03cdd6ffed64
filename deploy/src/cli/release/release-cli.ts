import os from 'node:os';
import { ConfigError, loadReleaseConfig } from '../../config';
import { openRegistry } from '../../registry/open-registry';
import { ReleaseError } from '../../registry/release-error';
import type { ReleaseContext } from '../../registry/release-types';
import { ReleaseApiClient } from '../../http/release-api-client';
import { parseReleaseArgs, wholeNumberFlag } from './release-args';
import type { ReleaseArgs, ReleaseFlags } from './release-args';
import { localBackend } from '../../registry/release-backend';
import { RELEASE_COMMANDS } from './release-commands';
import { RELEASE_HELP } from './release-help';

export { RELEASE_HELP } from './release-help';

export const EXIT = {
  OK: 0,
  UNEXPECTED: 1,
  USAGE: 2,
  CONFLICT: 3,
  CONTRACT: 4,
  NOT_FOUND: 5,
  NOT_AUTHORISED: 6,
} as const;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

function defaultActor(env: NodeJS.ProcessEnv): string {
  if (env.CREASE_ACTOR) return env.CREASE_ACTOR;
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** Remote mode (--api or CREASE_RELEASE_API): the release API client; else the local registry. */
function openBackend(flags: ReleaseFlags, env: NodeJS.ProcessEnv, repoRoot: string) {
  const api = flags.api ?? (env.CREASE_RELEASE_API?.trim() || undefined);
  if (api === undefined) return localBackend(openRegistry(loadReleaseConfig(env, repoRoot)));
  if (flags.actor !== undefined) {
    throw new ReleaseError(
      'INVALID_REQUEST',
      '--actor does not go with --api: the release API records the name of your token as the actor.',
    );
  }
  return new ReleaseApiClient({ baseUrl: api, token: env.CREASE_RELEASE_TOKEN?.trim() || null });
}

async function run(args: ReleaseArgs, repoRoot: string, env: NodeJS.ProcessEnv, io: CliIo) {
  const { command = '', positional, flags } = args;
  const runCommand = Object.hasOwn(RELEASE_COMMANDS, command) ? RELEASE_COMMANDS[command] : null;
  if (!runCommand) {
    throw new ReleaseError('INVALID_REQUEST', `Unknown command "${command}"; see --help.`);
  }
  const context: ReleaseContext = {
    actor: flags.actor ?? defaultActor(env),
    reason: flags.reason ?? null,
    ifRevision: wholeNumberFlag(flags, 'if-revision'),
  };
  await runCommand({
    backend: openBackend(flags, env, repoRoot),
    positional,
    flags,
    context,
    repoRoot,
    print: (value, text) => io.out(flags.json ? JSON.stringify(value, null, 2) : text),
  });
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
  try {
    const args = parseReleaseArgs(argv);
    if (!args.command || args.command === 'help' || args.flags.help) {
      io.out(RELEASE_HELP);
      return args.command || args.flags.help ? EXIT.OK : EXIT.USAGE;
    }
    await run(args, options.repoRoot, env, io);
    return EXIT.OK;
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
