import { parseArgs } from 'node:util';
import { ReleaseError } from '../../registry/release-error';

const OPTIONS = {
  from: { type: 'string' },
  'package-version': { type: 'string' },
  to: { type: 'string' },
  percent: { type: 'string' },
  reason: { type: 'string' },
  actor: { type: 'string' },
  'if-revision': { type: 'string' },
  limit: { type: 'string' },
  retry: { type: 'string' },
  api: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

export type ReleaseFlags = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

export interface ReleaseArgs {
  command: string | undefined;
  positional: string[];
  flags: ReleaseFlags;
}

/** Why node:util refused the arguments, in the CLI's own words (exit code 2). */
function usageError(error: unknown): ReleaseError {
  const code = (error as { code?: string }).code;
  const name = /'(--?[^' ]+)/.exec((error as Error).message)?.[1] ?? 'an option';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new ReleaseError('INVALID_REQUEST', `Unknown option ${name}.`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return new ReleaseError('INVALID_REQUEST', `${name} needs a value.`);
  return new ReleaseError('INVALID_REQUEST', (error as Error).message);
}

/** `<command> [positionals] [--flags]`, parsed strictly: an unknown option is a usage error. */
export function parseReleaseArgs(argv: string[]): ReleaseArgs {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    const [command, ...positional] = positionals;
    return { command, positional, flags: values };
  } catch (error) {
    throw usageError(error);
  }
}

/** A flag that must be a whole number (>= 0), or undefined when not given. */
export function wholeNumberFlag(flags: ReleaseFlags, name: 'if-revision' | 'limit' | 'retry') {
  const value = flags[name];
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new ReleaseError('INVALID_REQUEST', `--${name} must be a whole number.`);
  }
  return n;
}
