/**
 * What every API bench sets up before it measures (decision 180): the API in its own process as
 * production runs it (bot check ALTCHA, production log level, stdout piped and drained), and
 * viewers that sign in as the browser does: the XSRF cookie and header, and a solved ALTCHA proof
 * for every registration and every password grant (the hardened token endpoint refuses a grant
 * without one). Every setup response is checked, and an unexpected one stops the bench.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { ACCOUNT_PATHS, BOT_CHECK_HEADER } from '@crease/contract';
import type { Expectation, ResponseCheck } from '@crease/test-utils/bench-kit';
import { PRODUCTION_LOG_LEVEL } from '../src/platform/config';

export const BENCH_PASSWORD = 'bench password 2024';
/** The public client's id, as the shell sends it (its secret is not checked, decision 013). */
const CLIENT_AUTH = `Basic ${Buffer.from('crease-web:public').toString('base64')}`;

/** The environment every API bench starts the API with; each adds its own on top. */
export const BENCH_API_ENV = {
  NODE_ENV: 'development',
  // The bot check stays ALTCHA, as in production: the benches solve their proofs in setup.
  CREASE_BOT_CHECK: 'altcha',
  // One line per response at info, as production logs (decision 017).
  LOG_LEVEL: PRODUCTION_LOG_LEVEL,
  API_PORT: '0',
  API_HOST: '127.0.0.1',
} as const;

export interface ApiProcess {
  origin: string;
  child: ChildProcess;
  /** Bytes of request log the API wrote since it started listening. */
  logBytes(): number;
  stop(): Promise<void>;
}

/** Starts `api/src/cli/serve.ts` in its own process; resolves when it listens. */
export async function startApi(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<ApiProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/src/cli/serve.ts'], {
    env: { ...process.env, ...BENCH_API_ENV, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let logBytes = 0;
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        // From here on the log lines are read and dropped, as a log shipper would take them.
        child.stdout!.removeAllListeners('data');
        child.stdout!.on('data', (chunk: Buffer) => void (logBytes += chunk.length));
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    child.on('exit', (code) => reject(new Error(`API exited (${code})`)));
  });
  return {
    origin,
    child,
    logBytes: () => logBytes,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * Finds the number with hash(salt + number) = challenge, as the browser's ALTCHA widget does,
 * with node:crypto in a plain loop: altcha-lib's solver awaits WebCrypto for every guess and is
 * about 30 times slower, too slow for the thousand proofs a password-grant bench spends.
 */
export function solveAltcha({ algorithm, challenge, maxnumber, salt }: AltchaChallenge): number {
  const hash = algorithm.replace('-', '').toLowerCase(); // "SHA-256" -> "sha256"
  for (let number = 0; number <= maxnumber; number++)
    if (createHash(hash).update(`${salt}${number}`).digest('hex') === challenge) return number;
  throw new Error('the ALTCHA challenge has no solution');
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** The token endpoint's answer has both tokens (cheap enough to check on every response). */
export function isTokenBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Partial<Tokens>;
    return typeof parsed.access_token === 'string' && typeof parsed.refresh_token === 'string';
  } catch {
    return false;
  }
}

export const TOKENS_EXPECTED: Expectation = { status: 200, body: isTokenBody };

/** One browser's view of the API: its XSRF cookie, its Origin, and checked setup calls. */
export class BenchClient {
  private xsrf = '';

  constructor(
    readonly origin: string,
    private readonly check: ResponseCheck,
    /** The site page's Origin the browser sends (none: a script, bound to the first site host). */
    readonly siteOrigin: string | null = null,
  ) {}

  /** Fetches the XSRF cookie, as the shell's first call does. */
  async init(): Promise<this> {
    const response = await fetch(`${this.origin}/healthz`, { headers: this.originHeader() });
    await this.check.require('setup: GET /healthz', response, { status: 200 });
    this.xsrf = /XSRF-TOKEN=([^;]+)/.exec(response.headers.getSetCookie().join(';'))?.[1] ?? '';
    if (!this.xsrf) throw new Error('the API set no XSRF-TOKEN cookie');
    return this;
  }

  private originHeader(): Record<string, string> {
    return this.siteOrigin ? { origin: this.siteOrigin } : {};
  }

  /** The headers of a state-changing call: XSRF cookie and header, and the Origin. */
  headers(): Record<string, string> {
    return { cookie: `XSRF-TOKEN=${this.xsrf}`, 'x-xsrf-token': this.xsrf, ...this.originHeader() };
  }

  /** The token endpoint's headers: form-encoded, with the public client's credentials. */
  formHeaders(): Record<string, string> {
    return {
      ...this.headers(),
      'content-type': 'application/x-www-form-urlencoded',
      authorization: CLIENT_AUTH,
    };
  }

  /** One solved proof for the action, in the X-Bot-Check encoding. Each is accepted once. */
  async proof(action: 'register' | 'signin'): Promise<string> {
    const response = await fetch(
      `${this.origin}/${ACCOUNT_PATHS.botCheckChallenge}?action=${action}`,
      { headers: this.originHeader() },
    );
    const body = await this.check.require('setup: GET bot-check challenge', response, {
      status: 200,
    });
    const challenge = JSON.parse(body) as AltchaChallenge;
    const number = solveAltcha(challenge);
    const { algorithm, salt, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
    ).toString('base64');
  }

  /** `count` proofs, fetched ten at a time (solving is CPU-bound in this process anyway). */
  async proofs(action: 'register' | 'signin', count: number): Promise<string[]> {
    const proofs: string[] = [];
    while (proofs.length < count) {
      const batch = Math.min(10, count - proofs.length);
      proofs.push(...(await Promise.all(Array.from({ length: batch }, () => this.proof(action)))));
    }
    return proofs;
  }

  async register(email: string, password = BENCH_PASSWORD): Promise<void> {
    const response = await fetch(`${this.origin}/${ACCOUNT_PATHS.register}`, {
      method: 'POST',
      headers: {
        ...this.headers(),
        'content-type': 'application/json',
        [BOT_CHECK_HEADER]: await this.proof('register'),
      },
      body: JSON.stringify({ email, password, emailSubscribe: false }),
    });
    await this.check.require('setup: POST register', response, { status: 201 });
  }

  /** The password grant's form body. */
  static passwordForm(email: string, password = BENCH_PASSWORD): string {
    return new URLSearchParams({
      grant_type: 'password',
      scope: 'API',
      username: email,
      password,
    }).toString();
  }

  /** Signs in with the password grant and a fresh proof; the answer must carry both tokens. */
  async signIn(email: string, password = BENCH_PASSWORD): Promise<Tokens> {
    const response = await fetch(`${this.origin}/${ACCOUNT_PATHS.token}`, {
      method: 'POST',
      headers: { ...this.formHeaders(), [BOT_CHECK_HEADER]: await this.proof('signin') },
      body: BenchClient.passwordForm(email, password),
    });
    return JSON.parse(
      await this.check.require('setup: POST /oauth2/token (password grant)', response, {
        status: 200,
        body: isTokenBody,
      }),
    ) as Tokens;
  }

  /** A new account, signed in: its bearer headers for JSON calls. */
  async viewer(email: string): Promise<Record<string, string>> {
    await this.register(email);
    const { access_token } = await this.signIn(email);
    return {
      ...this.headers(),
      'content-type': 'application/json',
      authorization: `Bearer ${access_token}`,
    };
  }
}
