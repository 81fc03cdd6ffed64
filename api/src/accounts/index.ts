/**
 * What accounts offers the features above it (decision 190): who the caller is, the viewers'
 * tables, and the attempt counters other per-network limits share.
 */
export type { AccessTokens } from './access-tokens';
export { retryAfterSeconds } from './attempt-limits';
export { countSignInAttempt } from './sign-in-limits';
export type { AttemptStore } from './attempt-store';
export { authenticate } from './authenticate';
export { eraseViewer, viewerToErase } from './account-erasure';
export type { ErasedViewer } from './account-erasure';
export { outboxFor, recentOutbox } from './mailer';
export { accountMailLanguage } from './mail-language';
export { recipientGate } from './recipient-cap';
export { approximateNetwork, describeDevice } from './user-agent';
export type { RecipientGate } from './recipient-cap';
export { DEMO_VIEWER } from './seed';
export { lifecycleMail, mailOutbox, refreshFamilies, users } from './tables';
export type { MailMessage, Mailer } from './mailer';
export {
  LIFECYCLE_MAIL_KINDS,
  queueLifecycleMail,
  queueNewDeviceMail,
} from './lifecycle-mail-queue';
export type { LifecycleMailKind, QueuedMail } from './lifecycle-mail-queue';
export type { PasswordHasher } from './passwords';
export type { Sessions } from './sessions';
