/**
 * The API's idea of "now" for lifetimes it decides itself (refresh tokens, bot-check proofs).
 * Injectable, so tests move time instead of waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
