/**
 * A client that speaks to the API as the shell does: it keeps the XSRF cookie and echoes it in
 * the header, solves the bot check, and sends the site's OAuth client (test-api.ts starts the API).
 */
import { WEB_OAUTH_CLIENT_ID, XSRF_COOKIE, XSRF_HEADER } from '@crease/contract';
import { solveProofOfWork } from './proof-of-work';

export const TEST_CLIENT = WEB_OAUTH_CLIENT_ID;

export interface CallOptions {
  headers?: Record<string, string>;
  bearer?: string;
  /** Send the XSRF cookie and header (default true). */
  xsrf?: boolean;
  botCheck?: 'register' | 'signin' | 'reset';
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Speaks to the API like the shell does: keeps the XSRF cookie and echoes it in the header. */
export class ApiClient {
  xsrfToken: string | null = null;

  constructor(readonly origin: string) {}

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name, value = ''] = pair.split('=');
      if (name === XSRF_COOKIE) this.xsrfToken = decodeURIComponent(value);
    }
  }

  /**
   * A solved ALTCHA proof for the action, fetched as a page on `origin` would (none: a script),
   * from `forwardedFor`'s network behind a trusted proxy (none: this machine's).
   */
  async botToken(
    action: 'register' | 'signin' | 'reset',
    origin?: string,
    forwardedFor?: string,
  ): Promise<string> {
    const proof = await this.proofIfAltcha(action, origin, forwardedFor);
    if (proof === null) throw new Error('the API has no ALTCHA bot check');
    return proof;
  }

  /** A solved proof, or null when the API's bot check is not ALTCHA (its challenge route is 404). */
  private async proofIfAltcha(
    action: 'register' | 'signin' | 'reset',
    origin?: string,
    forwardedFor?: string,
  ): Promise<string | null> {
    const headers: Record<string, string> = {
      ...(origin ? { origin } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    };
    const { status, body } = await this.get<{
      challenge: string;
      salt: string;
      signature: string;
      algorithm: string;
      maxnumber: number;
    }>(`/api/v1/bot-check/challenge?action=${action}`, { headers });
    if (status === 404) return null;
    const number = solveProofOfWork(body.challenge, body.salt, body.algorithm, body.maxnumber);
    if (number === null) throw new Error('bot-check challenge has no solution');
    return Buffer.from(
      JSON.stringify({
        algorithm: body.algorithm,
        challenge: body.challenge,
        number,
        salt: body.salt,
        signature: body.signature,
      }),
    ).toString('base64');
  }

  async request<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    body: BodyInit | undefined,
    contentType: string | undefined,
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers: Record<string, string> = {
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    if (options.xsrf !== false && method !== 'GET') {
      if (!this.xsrfToken) await this.get('/healthz');
      headers.cookie = `${XSRF_COOKIE}=${encodeURIComponent(this.xsrfToken ?? '')}`;
      headers[XSRF_HEADER] = this.xsrfToken ?? '';
    }
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.botCheck) {
      // Challenges are bound to the page's site host (decision 053): fetch it as that page, and
      // from the same network (decision 170: the challenge's difficulty depends on it).
      const proof = await this.proofIfAltcha(
        options.botCheck,
        options.headers?.origin,
        options.headers?.['x-forwarded-for'],
      );
      if (proof !== null) headers['x-bot-check'] = proof;
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.origin}${pathname}`, { method, headers, body });
    this.remember(response);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(pathname: string, options: CallOptions = {}) {
    return this.request<T>('GET', pathname, undefined, undefined, options);
  }

  postJson<T = Record<string, unknown>>(
    pathname: string,
    body: unknown,
    options: CallOptions = {},
  ) {
    return this.request<T>('POST', pathname, JSON.stringify(body), 'application/json', options);
  }

  patchJson<T = Record<string, unknown>>(
    pathname: string,
    body: unknown,
    options: CallOptions = {},
  ) {
    return this.request<T>('PATCH', pathname, JSON.stringify(body), 'application/json', options);
  }

  postForm<T = Record<string, unknown>>(
    pathname: string,
    form: Record<string, string>,
    options: CallOptions & { client?: string | null } = {},
  ) {
    const client = options.client === undefined ? TEST_CLIENT : options.client;
    const auth: Record<string, string> =
      client === null
        ? {}
        : { authorization: `Basic ${Buffer.from(`${client}:public`).toString('base64')}` };
    return this.request<T>(
      'POST',
      pathname,
      new URLSearchParams(form).toString(),
      'application/x-www-form-urlencoded',
      {
        ...options,
        headers: { ...auth, ...options.headers },
      },
    );
  }

  async register(email: string, password: string) {
    return this.postJson(
      '/api/v1/auth/register',
      { email, password, emailSubscribe: false },
      { botCheck: 'register' },
    );
  }

  async signIn(username: string, password: string) {
    return this.postForm<{ access_token: string; refresh_token: string; expires_in: number }>(
      '/oauth2/token',
      { grant_type: 'password', scope: 'API', username, password },
      { botCheck: 'signin' },
    );
  }

  async refresh(refreshToken: string, options: CallOptions = {}) {
    return this.postForm<{ access_token: string; refresh_token: string; expires_in: number }>(
      '/oauth2/token',
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      },
      options,
    );
  }
}
