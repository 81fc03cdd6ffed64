/** @jest-environment node */
import crypto from 'node:crypto';
import { AccessTokens } from './access-tokens';

const secret = crypto.randomBytes(32);
const tokens = new AccessTokens(secret, 'crease-api', 900);
const claims = { sub: crypto.randomUUID(), sid: crypto.randomUUID() };

const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('access tokens (signed and verified with jose)', () => {
  it('round-trips the claims, with the standard header and registered claims', async () => {
    const token = await tokens.sign(claims);
    await expect(tokens.verify(token)).resolves.toEqual(claims);
    const [header, payload] = token.split('.');
    expect(decode(header ?? '')).toEqual({ alg: 'HS256', typ: 'JWT' });
    const body = decode(payload ?? '');
    expect(body).toMatchObject({ ...claims, scope: 'API', iss: 'crease-api', aud: 'crease-api' });
    expect(Number(body.exp) - Number(body.iat)).toBe(900);
    expect(typeof body.jti).toBe('string');
  });

  it('refuses a changed payload, a changed signature and another key', async () => {
    const [header, payload, signature] = (await tokens.sign(claims)).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decode(payload ?? ''), sub: crypto.randomUUID() }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).resolves.toBeNull();
    const flipped = `${signature?.slice(0, -2)}${signature?.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(tokens.verify(`${header}.${payload}.${flipped}`)).resolves.toBeNull();
    const other = new AccessTokens(crypto.randomBytes(32), 'crease-api', 900);
    await expect(other.verify(await tokens.sign(claims))).resolves.toBeNull();
  });

  it('answers a token it verified before from memory only until the token expires', async () => {
    const brief = new AccessTokens(secret, 'crease-api', 1);
    const token = await brief.sign(claims);
    await expect(brief.verify(token)).resolves.toEqual(claims);
    await expect(brief.verify(token)).resolves.toEqual(claims);
    const exp = Number(decode(token.split('.')[1] ?? '').exp);
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    await expect(brief.verify(token)).resolves.toBeNull();
    // The same claims with another signature are not the remembered token.
    const [header, payload] = token.split('.');
    await expect(brief.verify(`${header}.${payload}.AAAA`)).resolves.toBeNull();
  });

  it('refuses an expired token, another issuer and alg "none"', async () => {
    const expired = new AccessTokens(secret, 'crease-api', -60);
    await expect(tokens.verify(await expired.sign(claims))).resolves.toBeNull();
    const foreign = new AccessTokens(secret, 'someone-else', 900);
    await expect(tokens.verify(await foreign.sign(claims))).resolves.toBeNull();
    const [, payload] = (await tokens.sign(claims)).split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect(tokens.verify(`${none}.${payload}.`)).resolves.toBeNull();
  });

  it('still accepts a token in the hand-signed form of before (sessions survive the change)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
      sid: claims.sid,
      scope: 'API',
      sub: claims.sub,
      iss: 'crease-api',
      aud: 'crease-api',
      iat: now,
      jti: crypto.randomUUID(),
      exp: now + 900,
    })}`;
    const signature = crypto.createHmac('sha256', secret).update(input).digest('base64url');
    await expect(tokens.verify(`${input}.${signature}`)).resolves.toEqual(claims);
  });
});
