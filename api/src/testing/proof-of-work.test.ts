/** @jest-environment node */
/**
 * Decision 482: the test client's ALTCHA solver finds the number altcha-lib hid, and the proof
 * it makes passes altcha-lib's own verification, as the API runs it.
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import { solveProofOfWork } from './proof-of-work';

const HMAC_KEY = 'proof-of-work-test-key';

describe("the test client's proof of work", () => {
  it.each(['SHA-1', 'SHA-256', 'SHA-512'] as const)(
    'finds the hidden number for %s, and altcha-lib accepts the proof',
    async (algorithm) => {
      const challenge = await createChallenge({
        hmacKey: HMAC_KEY,
        algorithm,
        maxnumber: 5000,
        number: 4321,
      });
      const number = solveProofOfWork(
        challenge.challenge,
        challenge.salt,
        challenge.algorithm,
        challenge.maxnumber ?? 5000,
      );
      expect(number).toBe(4321);
      const payload = { ...challenge, number: number! };
      expect(await verifySolution(payload, HMAC_KEY)).toBe(true);
    },
  );

  it('says there is none when the number is past the maximum it may try', async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 100, number: 100 });
    expect(solveProofOfWork(challenge.challenge, challenge.salt, challenge.algorithm, 99)).toBe(
      null,
    );
  });
});
