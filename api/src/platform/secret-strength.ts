/**
 * Whether a secret looks random enough to sign with (issue 31, item 16). A key's format (32+
 * bytes of base64url) says nothing of its strength: 43 × "A" decodes to 32 zero bytes. This
 * estimates the entropy from the text itself: its length times the Shannon entropy of its
 * characters' frequencies, and asks for a floor of 128 bits and a dozen distinct characters.
 * A random base64url key of 32 bytes scores about 200 bits, a random hex key of 32 bytes about
 * 240; a repeated character, a short word list or a keyboard run scores far below. It cannot
 * tell a random-looking but leaked or guessed key from a random one: it refuses the obvious.
 */

/** Bits a production secret must be estimated to hold. */
export const MIN_SECRET_BITS = 128;
/** Distinct characters a production secret must use (a random hex key uses about 16; a run of one character, 1). */
export const MIN_DISTINCT_CHARACTERS = 10;

/** length × the Shannon entropy of the characters' frequencies, in bits. */
export function estimatedEntropyBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const c of characters) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perCharacter = 0;
  for (const n of counts.values()) {
    const p = n / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * characters.length;
}

/** Why `secret` is too weak to sign with in production; null when it will do. */
export function weakSecretBecause(secret: string): string | null {
  const distinct = new Set(secret).size;
  if (distinct < MIN_DISTINCT_CHARACTERS)
    return `it uses only ${distinct} distinct characters (at least ${MIN_DISTINCT_CHARACTERS})`;
  const bits = Math.floor(estimatedEntropyBits(secret));
  if (bits < MIN_SECRET_BITS)
    return `its estimated entropy is ${bits} bits (at least ${MIN_SECRET_BITS})`;
  return null;
}

/** The one phrasing of a weak secret, naming the setting and how to make a good one. */
export const weakSecretProblem = (name: string, why: string) =>
  `${name} is too weak for production: ${why}; make one with \`openssl rand -base64 32 | tr '+/' '-_'\``;
