/**
 * TOTP (RFC 6238) through otplib, on the API's injected clock: tests move the clock, never
 * wait. A code is accepted for its own 30 s step or the one before (a slow typist), and a step
 * is accepted once per account (the caller stores the step it returns).
 */
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

const PERIOD = 30;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUrl = (secret: string, email: string): string =>
  generateURI({ issuer: 'Crease staff', label: email, secret });

/** The code an authenticator shows at `at` (tests and the dev admin's printout). */
export const totpAt = (secret: string, at: Date): string =>
  generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });

/** The time step the code belongs to, or null when it is wrong at `at`. */
export function verifyTotp(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(at.getTime() / 1000);
  const result = verifySync({ secret, token: code, epoch, epochTolerance: [PERIOD, 0] });
  if (!result.valid) return null;
  return Math.floor(epoch / PERIOD) + result.delta;
}
