/**
 * `npm run bench:surge -- [flags]`: the surge's shape. Defaults run in about four minutes on a
 * shared machine; the flags make it longer or bigger. `--quick` shows it works, measures nothing.
 */
export interface SurgeOptions {
  /** Viewers watching at the end of the ramp (and throughout the steady phase). */
  viewers: number;
  /** The ramp: every viewer joins, evenly spread over this many seconds. */
  rampSeconds: number;
  /** The steady phase: everyone watches (and a tenth of the ramp's join rate rejoins). */
  steadySeconds: number;
  /** The ramp's join rate over the steady phase's (viewers who close the player and join again). */
  rampFactor: number;
  /** Share of viewers on the free trial (metered: heartbeats); the rest on the Monthly plan. */
  trialShare: number;
  /** Against `npm run start:cluster`'s topology instead of one API process. */
  cluster: boolean;
  /** Write deploy/capacity/surge-measured.json. */
  write: boolean;
  /** nginx's port (the cluster's PORT; the APIs at PORT+11…). */
  port: number;
  /** Keep-alive sockets per host the generator opens (a CDN or load balancer's pool). */
  sockets: number;
  quick: boolean;
}

const NUMBER_FLAGS = {
  viewers: ['--viewers', 2000, 100],
  rampSeconds: ['--ramp-seconds', 60, 10],
  steadySeconds: ['--steady-seconds', 120, 20],
  rampFactor: ['--ramp-factor', 10, 10],
  trialShare: ['--trial-share', 0.2, 0.2],
  port: ['--port', Number(process.env.PORT ?? 8090), Number(process.env.PORT ?? 8090)],
  sockets: ['--sockets', 256, 64],
} as const;

export const USAGE = `npm run bench:surge -- [--cluster] [--write] [--quick]
  [--viewers N] [--ramp-seconds S] [--steady-seconds S] [--ramp-factor F] [--trial-share 0..1]
  [--port P (nginx; default PORT or 8090)] [--sockets N]`;

function valueOf(argv: readonly string[], flag: string): string | undefined {
  const index = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index < 0) return undefined;
  const arg = argv[index] ?? '';
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[index + 1];
}

export function parseSurgeOptions(argv: readonly string[]): SurgeOptions {
  const known = new Set(['--cluster', '--write', '--quick']);
  for (const [flag] of Object.values(NUMBER_FLAGS)) known.add(flag);
  for (const arg of argv)
    if (arg.startsWith('--') && !known.has(arg.split('=')[0] ?? ''))
      throw new Error(`unknown flag ${arg}\n${USAGE}`);
  const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
  const numbers = {} as Record<keyof typeof NUMBER_FLAGS, number>;
  for (const [name, [flag, full, short]] of Object.entries(NUMBER_FLAGS)) {
    const raw = valueOf(argv, flag);
    const value = raw === undefined ? (quick ? short : full) : Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${flag} must be a number >= 0`);
    numbers[name as keyof typeof NUMBER_FLAGS] = value;
  }
  if (numbers.trialShare > 1) throw new Error('--trial-share must be from 0 to 1');
  if (numbers.viewers < 1 || numbers.rampSeconds <= 0 || numbers.steadySeconds <= 0)
    throw new Error('--viewers, --ramp-seconds and --steady-seconds must be above 0');
  if (numbers.rampFactor < 1) throw new Error('--ramp-factor must be at least 1');
  return {
    ...numbers,
    viewers: Math.round(numbers.viewers),
    cluster: argv.includes('--cluster'),
    write: argv.includes('--write'),
    quick,
  };
}
