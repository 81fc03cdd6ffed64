import { hash, verify } from '@node-rs/argon2';
import type { Argon2Params } from '../platform/config';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum the compiler cannot inline across packages). */
const ARGON2ID = 2;

/**
 * argon2id with explicit parameters (decision 011). Passwords are NFKC-normalized first
 * (NIST SP 800-63B §5.1.1.2), so the same password typed on two keyboards is the same password.
 */
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(private readonly params: Argon2Params) {}

  private options() {
    return { algorithm: ARGON2ID, ...this.params, outputLen: 32 };
  }

  hash(password: string): Promise<string> {
    return hash(password.normalize('NFKC'), this.options());
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password.normalize('NFKC'));
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as a real check, for an account that does not exist, so timing does
   * not tell an attacker which emails are registered.
   */
  async verifyDummy(password: string): Promise<void> {
    this.dummy ??= this.hash('crease-dummy-password-for-timing');
    await this.verify(await this.dummy, password);
  }
}
