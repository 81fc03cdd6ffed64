import crypto from 'node:crypto';

/**
 * Double-submit tokens signed with an HMAC (decision 012): `<random>.<mac>`. A sibling subdomain
 * can plant a cookie on the root domain, but it cannot mint a value this check accepts.
 */
export class XsrfTokens {
  constructor(private readonly key: Uint8Array) {}

  private mac(nonce: string): string {
    return crypto.createHmac('sha256', this.key).update(nonce).digest('base64url');
  }

  issue(): string {
    const nonce = crypto.randomBytes(18).toString('base64url');
    return `${nonce}.${this.mac(nonce)}`;
  }

  isValid(token: string | undefined): token is string {
    if (!token || token.length > 200) return false;
    const [nonce, mac, extra] = token.split('.');
    if (!nonce || !mac || extra !== undefined) return false;
    const expected = Buffer.from(this.mac(nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }
}

/** Constant-time equality of the cookie and header values. */
export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
