/** @jest-environment node */
/**
 * Decision 489 over real HTTP on PGlite and PostgreSQL: an API problem's `message` is English
 * whatever `Accept-Language` asks (clients translate by `code`), the answer names no other
 * language, and an OAuth2 `error_description` stays printable ASCII (RFC 6749 §5.2).
 */
import { ERROR_CATALOGUE } from '../error-catalogue';
import { apiForSuite, describeEachDatabase, uniqueEmail } from '../testing/test-api';

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9' };
const DEVANAGARI = /[\u0900-\u097F]/;

describeEachDatabase('problem messages and Accept-Language', (host) => {
  const suite = apiForSuite(host);

  it("a problem's message is English whatever Accept-Language asks, with the same code", async () => {
    const unauthorised = await suite.client.get('/api/v1/auth/ui-language', { headers: HINDI });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.body).toMatchObject({
      code: 'UNAUTHORIZED',
      message: ERROR_CATALOGUE.UNAUTHORIZED.message,
    });
    expect(unauthorised.headers.get('content-language')).toBeNull();
    expect(unauthorised.headers.get('vary') ?? '').not.toMatch(/accept-language/i);

    const invalid = await suite.client.postJson(
      '/api/v1/auth/register',
      { email: 'not an address', password: 'correct horse battery', emailSubscribe: false },
      { botCheck: 'register', headers: HINDI },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'INVALID_EMAIL' });
    expect(String((invalid.body as { message: string }).message)).not.toMatch(DEVANAGARI);
  });

  it('an OAuth2 error_description stays ASCII for a Hindi browser', async () => {
    const refused = await suite.client.postForm(
      '/oauth2/token',
      {
        grant_type: 'password',
        scope: 'API',
        username: uniqueEmail('nobody'),
        password: 'wrong password here',
      },
      { botCheck: 'signin', headers: HINDI },
    );
    expect(refused.status).toBe(400);
    const body = refused.body as { error_description: string; message: string; code: string };
    expect(body.code).toBe('INVALID_CREDENTIALS');
    expect(body.error_description).toBe(ERROR_CATALOGUE.INVALID_CREDENTIALS.message);
    expect(body.error_description).toMatch(/^[\x20-\x21\x23-\x5B\x5D-\x7E]*$/);
  });
});
