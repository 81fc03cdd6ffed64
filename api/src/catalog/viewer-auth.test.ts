/** @jest-environment node */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AccessTokens } from '../accounts/access-tokens';
import { ViewerTokenCheck } from './viewer-auth';
import { ControlledClock } from '../platform/clock';

const tokens = new AccessTokens(crypto.randomBytes(32), 'crease-api', 900);
const claims = { sub: crypto.randomUUID(), sid: crypto.randomUUID() };
const request = (authorization?: string) =>
  ({ headers: authorization ? { authorization } : {} }) as FastifyRequest;

describe('ViewerTokenCheck', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('lets a valid access token through, again and again', async () => {
    const check = new ViewerTokenCheck(tokens, new ControlledClock());
    const token = await tokens.sign(claims);
    await expect(check.require(request(`Bearer ${token}`))).resolves.toBeUndefined();
    await expect(check.require(request(`Bearer ${token}`))).resolves.toBeUndefined();
  });

  it('refuses no token, a forged one and one signed with another key', async () => {
    const check = new ViewerTokenCheck(tokens, new ControlledClock());
    const [header, payload, signature] = (await tokens.sign(claims)).split('.');
    const other = await new AccessTokens(crypto.randomBytes(32), 'crease-api', 900).sign(claims);
    for (const value of [
      undefined,
      'Bearer ',
      `Bearer ${header}.${payload}.${signature?.slice(0, -2)}AA`,
      `Bearer ${other}`,
    ])
      await expect(check.require(request(value))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('forgets a remembered token at its expiry', async () => {
    const check = new ViewerTokenCheck(tokens, new ControlledClock());
    const token = await tokens.sign(claims);
    await check.require(request(`Bearer ${token}`));
    jest.useFakeTimers({ now: Date.now() + 901_000, doNotFake: ['nextTick', 'setImmediate'] });
    await expect(check.require(request(`Bearer ${token}`))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('remembers a token until its exp on the API clock, then asks the tokens again', async () => {
    const clock = new ControlledClock(new Date());
    const check = new ViewerTokenCheck(tokens, clock);
    const token = await tokens.sign(claims);
    const verify = jest.spyOn(tokens, 'verify');
    await check.require(request(`Bearer ${token}`));
    await check.require(request(`Bearer ${token}`));
    expect(verify).toHaveBeenCalledTimes(1);
    clock.advance(901);
    await check.require(request(`Bearer ${token}`)).catch(() => undefined);
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
