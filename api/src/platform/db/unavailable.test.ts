/** @jest-environment node */
import { isDatabaseUnavailable } from './unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    [
      'a server shutting down (57P01)',
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ],
    [
      'a server starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    [
      'a connection exception (08006)',
      Object.assign(new Error('connection failure'), { code: '08006' }),
    ],
    ['a dropped connection, in words', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    [
      "drizzle's wrapper around any of them",
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('x'), { code: '57P01' }),
      }),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['nothing at all', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
