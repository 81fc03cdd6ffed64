import { describeProblem, formatWait } from './describe-problem';

const limited = (retryAfter?: number) => ({
  status: 429,
  code: 'TOO_MANY_ATTEMPTS',
  message: 'Too many attempts.',
  ...(retryAfter ? { retryAfter } : {}),
});

describe('describeProblem', () => {
  it('says how long to wait, from Retry-After, with the right plural', () => {
    expect(describeProblem(limited(1))).toBe('Too many attempts. Try again in 1 second.');
    expect(describeProblem(limited(45))).toBe('Too many attempts. Try again in 45 seconds.');
    expect(describeProblem(limited(60))).toBe('Too many attempts. Try again in 1 minute.');
    expect(describeProblem(limited(61))).toBe('Too many attempts. Try again in 2 minutes.');
  });

  it('is the plain message without Retry-After or for other errors', () => {
    expect(describeProblem(limited())).toBe('Too many attempts.');
    expect(describeProblem({ status: 400, code: 'X', message: 'Bad.', retryAfter: 5 })).toBe(
      'Bad.',
    );
  });

  it('rounds a wait up', () => {
    expect(formatWait(0.2)).toBe('1 second');
  });
});
