/** @jest-environment node */
import ky from 'ky';
import { createChallenge, verifySolution } from 'altcha-lib';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { ACCOUNT_PATHS } from '@crease/contract';
import { PREPARED_PROOF_MS, createBotCheck } from './bot-check';

const HMAC_KEY = 'test-only-hmac-key';
const server = testServerForFile();

const altcha = () =>
  createBotCheck(
    { provider: 'altcha', siteKey: null },
    ky.create({ prefixUrl: server.origin, retry: 0 }),
    ACCOUNT_PATHS.botCheckChallenge,
  );

describe('bot check: ALTCHA, invisible', () => {
  it('solves a real altcha-lib challenge into a token altcha-lib verifies', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 5000 });
    server.handle((_request, response) => sendJson(response, 200, challenge));

    const token = await altcha().token('signin');

    expect(server.requests[0]?.url).toBe(`/${ACCOUNT_PATHS.botCheckChallenge}?action=signin`);
    await expect(verifySolution(token, HMAC_KEY)).resolves.toBe(true);
    await expect(verifySolution(token, 'another-key')).resolves.toBe(false);
  });

  it.each([
    [
      'a challenge without a signature',
      { algorithm: 'SHA-256', challenge: 'ab', salt: 's', maxnumber: 10 },
    ],
    [
      'an unbounded amount of work',
      { algorithm: 'SHA-256', challenge: 'ab', salt: 's', signature: 'x', maxnumber: 1e12 },
    ],
    [
      'another algorithm',
      { algorithm: 'MD5', challenge: 'ab', salt: 's', signature: 'x', maxnumber: 10 },
    ],
    ['HTML instead of JSON', '<!doctype html>'],
  ])('rejects %s instead of spinning', async (_label, body) => {
    server.handle((_request, response) => {
      if (typeof body !== 'string') return sendJson(response, 200, body);
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(body);
    });
    await expect(altcha().token('register')).rejects.toThrow();
  });

  it('rejects a challenge that has no solution within its bound', async () => {
    server.handle((_request, response) =>
      sendJson(response, 200, {
        algorithm: 'SHA-256',
        challenge: '0'.repeat(64),
        salt: 's',
        signature: 'x',
        maxnumber: 50,
      }),
    );
    await expect(altcha().token('reset')).rejects.toThrow('no solution');
  });

  it('prepares a proof when asked ahead, and the next token of that action uses it without a second challenge', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 5000 });
    server.handle((_request, response) => sendJson(response, 200, challenge));
    const check = altcha();

    check.prepare?.('register');
    check.prepare?.('register'); // a second focus: still one proof in the making
    const token = await check.token('register');

    expect(server.requests).toHaveLength(1);
    await expect(verifySolution(token, HMAC_KEY)).resolves.toBe(true);
    // Used once: the next token of the action solves a fresh challenge.
    await check.token('register');
    expect(server.requests).toHaveLength(2);
  });

  it('solves afresh at submit when the proof prepared ahead failed', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 5000 });
    let calls = 0;
    server.handle((_request, response) => {
      calls += 1;
      if (calls === 1) return sendJson(response, 503, { error: 'busy' });
      return sendJson(response, 200, challenge);
    });
    const check = altcha();

    check.prepare?.('signin');
    const token = await check.token('signin');

    expect(calls).toBe(2);
    await expect(verifySolution(token, HMAC_KEY)).resolves.toBe(true);
  });

  it('drops a proof prepared too long ago (its challenge nears expiry) and solves afresh', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxNumber: 5000 });
    server.handle((_request, response) => sendJson(response, 200, challenge));
    let now = 1_000_000;
    const check = createBotCheck(
      { provider: 'altcha', siteKey: null },
      ky.create({ prefixUrl: server.origin, retry: 0 }),
      ACCOUNT_PATHS.botCheckChallenge,
      undefined,
      () => now,
    );

    check.prepare?.('reset');
    now += PREPARED_PROOF_MS;
    await check.token('reset');

    expect(server.requests).toHaveLength(2);
  });
});
