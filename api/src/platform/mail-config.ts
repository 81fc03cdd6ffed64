/**
 * Mail and mail-abuse configuration (docs/api.md "Mail", decisions 405-409), validated at start
 * with the rest of ApiConfig: how much account mail one mailbox can be sent in an hour, whoever
 * asks; how the bot check's cost rises with a network's volume; who may reach the development
 * outbox and clock.
 */
import { envBool, envInt, readEnv } from './env-schema';
import type { Env } from './env-schema';

export interface MailConfig {
  /**
   * Account mail (verification links, reset links, sign-in codes, new sign-in notices, deleted
   * account notices) one address is sent per hour, whatever the source (decision 406).
   */
  perRecipientPerHour: number;
  /** Match reminders one address is sent per hour (decision 406). */
  remindersPerRecipientPerHour: number;
  /** Verification link and sign-in code lifetimes, in seconds. */
  verifyLinkSeconds: number;
  signInCodeSeconds: number;
  /**
   * Bot-check proofs per network per hour for registrations, reset requests and sign-in code
   * requests before each costs ×4 the work (×10 from four times this; decision 409).
   */
  botCheckVolumePerHour: number;
  /**
   * The development outbox and clock answer callers from any address, not only loopback
   * (decision 409). Off by default: a staging site must not expose them.
   */
  devRoutesOpen: boolean;
}

const MAIL_ENV = {
  CREASE_MAIL_PER_RECIPIENT_PER_HOUR: envInt(1, 1000),
  CREASE_REMINDERS_PER_RECIPIENT_PER_HOUR: envInt(1, 1000),
  CREASE_VERIFY_LINK_SECONDS: envInt(300, 30 * 86_400),
  CREASE_SIGN_IN_CODE_SECONDS: envInt(60, 86_400),
  CREASE_DEV_ROUTES_OPEN: envBool(),
  CREASE_BOT_CHECK_VOLUME_PER_HOUR: envInt(1, 1_000_000),
} as const;

export function loadMailConfig(env: Env, problems: string[], production: boolean): MailConfig {
  const vars = readEnv(MAIL_ENV, env, problems);
  if (production && vars.CREASE_DEV_ROUTES_OPEN)
    problems.push('CREASE_DEV_ROUTES_OPEN=true is not allowed in production');
  return {
    perRecipientPerHour: vars.CREASE_MAIL_PER_RECIPIENT_PER_HOUR ?? 5,
    remindersPerRecipientPerHour: vars.CREASE_REMINDERS_PER_RECIPIENT_PER_HOUR ?? 10,
    verifyLinkSeconds: vars.CREASE_VERIFY_LINK_SECONDS ?? 7 * 86_400,
    signInCodeSeconds: vars.CREASE_SIGN_IN_CODE_SECONDS ?? 1800,
    devRoutesOpen: vars.CREASE_DEV_ROUTES_OPEN ?? false,
    botCheckVolumePerHour: vars.CREASE_BOT_CHECK_VOLUME_PER_HOUR ?? 5,
  };
}
