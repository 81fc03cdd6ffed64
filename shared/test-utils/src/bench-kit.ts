/**
 * The rule every bench follows (decision 180): a figure is printed only when every response the
 * bench received was what its scenario expects. A bench records each response in a
 * `ResponseCheck` under its call type ("POST /oauth2/token (refresh grant)"); a load run goes
 * through `checkedAutocannon`, which checks every response through autocannon's per-response
 * hook and does not return its figures when any was unexpected; figures are printed through
 * `printFigures`, which refuses while any call type has an unexpected response; and `runBench`
 * turns a refusal into a non-zero exit that names the call types and counts.
 */
import autocannon from 'autocannon';

export interface Expectation {
  /** The status (or statuses) the scenario expects, e.g. 200, or [201, 409] for a pay storm. */
  status: number | readonly number[];
  /** Where cheap, the body's shape: true when the body is what the scenario expects. */
  body?: (body: string) => boolean;
}

interface CallCounts {
  total: number;
  /** Why a response was unexpected ("500", "200 with an unexpected body", "error") -> count. */
  unexpected: Map<string, number>;
}

/** Thrown instead of a figure: the named call types had responses their scenario did not expect. */
export class UnexpectedResponses extends Error {
  override name = 'UnexpectedResponses';
}

/** Every response a bench received, per call type, and which were not what it expects. */
export class ResponseCheck {
  private readonly calls = new Map<string, CallCounts>();

  /**
   * Records one outcome: an HTTP status, or a word for a request that got no response
   * ("error", "timeout"). Returns whether it was expected.
   */
  record(callType: string, outcome: number | string, expectation: Expectation, body = ''): boolean {
    const counts = this.countsOf(callType);
    counts.total += 1;
    const statuses: readonly number[] = [expectation.status].flat();
    let reason: string | null = null;
    if (typeof outcome !== 'number' || !statuses.includes(outcome)) reason = String(outcome);
    else if (expectation.body && !expectation.body(body))
      reason = `${outcome} with an unexpected body`;
    if (reason !== null) counts.unexpected.set(reason, (counts.unexpected.get(reason) ?? 0) + 1);
    return reason === null;
  }

  /** Reads a fetch response's body, records the response, and returns the body text. */
  async response(callType: string, response: Response, expectation: Expectation): Promise<string> {
    const body = await response.text();
    this.record(callType, response.status, expectation, body);
    return body;
  }

  /** Like `response`, but a response the scenario does not expect stops the bench at once. */
  async require(callType: string, response: Response, expectation: Expectation): Promise<string> {
    const body = await this.response(callType, response, expectation);
    this.assertExpected(callType);
    return body;
  }

  /** How many responses were recorded for a call type, or for all of them. */
  total(callType?: string): number {
    if (callType !== undefined) return this.calls.get(callType)?.total ?? 0;
    return [...this.calls.values()].reduce((sum, counts) => sum + counts.total, 0);
  }

  /** One line per call type with unexpected responses, e.g. "GET /me: 3 of 10 unexpected (500 x3)". */
  problems(callTypes?: readonly string[]): string[] {
    const lines: string[] = [];
    for (const [callType, { total, unexpected }] of this.calls) {
      if (callTypes && !callTypes.includes(callType)) continue;
      const bad = [...unexpected.values()].reduce((sum, n) => sum + n, 0);
      if (bad === 0) continue;
      const reasons = [...unexpected].map(([reason, n]) => `${reason} x${n}`).join(', ');
      lines.push(`${callType}: ${bad} of ${total} responses unexpected (${reasons})`);
    }
    return lines;
  }

  /** Throws `UnexpectedResponses` when any (or one of the given) call types had one. */
  assertExpected(...callTypes: string[]): void {
    const problems = this.problems(callTypes.length ? callTypes : undefined);
    if (problems.length)
      throw new UnexpectedResponses(
        `refusing to print figures measured over unexpected responses:\n- ${problems.join('\n- ')}`,
      );
  }

  private countsOf(callType: string): CallCounts {
    let counts = this.calls.get(callType);
    if (!counts) {
      counts = { total: 0, unexpected: new Map() };
      this.calls.set(callType, counts);
    }
    return counts;
  }
}

/**
 * An autocannon run whose every response is checked (status and, if given, body) under
 * `callType`; requests that got no answer (connection errors, timeouts) count as unexpected.
 * Resolves with autocannon's result only when everything was expected; otherwise rejects with
 * `UnexpectedResponses`, so the caller never holds a figure measured over failures.
 */
export async function checkedAutocannon(
  check: ResponseCheck,
  callType: string,
  options: autocannon.Options,
  expectation: Expectation,
): Promise<autocannon.Result> {
  const before = check.total(callType);
  const requests = (options.requests ?? [{}]).map((request) => ({
    ...request,
    onResponse: (...args: Parameters<NonNullable<autocannon.Request['onResponse']>>) => {
      check.record(callType, args[0], expectation, args[1]);
      request.onResponse?.(...args);
    },
  }));
  const result = await autocannon({ ...options, requests });
  for (let i = 0; i < result.errors; i++) check.record(callType, 'error or timeout', expectation);
  // The hook sees what autocannon counts; a difference would mean responses went unchecked.
  const unchecked = result.requests.total - (check.total(callType) - before - result.errors);
  for (let i = 0; i < unchecked; i++) check.record(callType, 'unchecked', expectation);
  check.assertExpected(callType);
  return result;
}

/** Prints the figures only when every call type's responses were all expected; else throws. */
export function printFigures(check: ResponseCheck, lines: readonly string[]): void {
  check.assertExpected();
  for (const line of lines) console.info(line);
}

/** Reports why a bench failed and makes its exit code non-zero (for top-level-await scripts). */
export function failBench(error: unknown): void {
  console.error(error instanceof UnexpectedResponses ? `bench failed: ${error.message}` : error);
  process.exitCode = 1;
}

/** Runs a bench's main: any failure, above all unexpected responses, exits non-zero. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    failBench(error);
    process.exit(1);
  });
}

/**
 * `--quick` on the command line (or BENCH_QUICK=1): every bench runs briefly, to show that it
 * works end to end, not to measure. A number from the environment (e.g. BENCH_SECONDS) wins.
 */
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** A bench setting: the environment variable `name` if set, else the full or the quick default. */
export function benchSetting(name: string, full: number, quick: number): number {
  const raw = process.env[name];
  if (raw !== undefined && raw !== '') {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0`);
    return value;
  }
  return QUICK ? quick : full;
}
