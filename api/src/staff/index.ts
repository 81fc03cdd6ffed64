/**
 * What staff offers the composition root and other features (issue 33 §1): its routes, the one
 * role guard, the audit writer (bots included), and staff creation for the CLI and the seed.
 */
export { staffRoutes } from './routes';
export { staffGuard, staffOrNull, bearerOf } from './guard';
export type { StaffGuard } from './guard';
export { botActor, recordAudit, staffActor } from './audit';
export type { AuditRecord } from './audit';
export { createStaff } from './staff-accounts';
export {
  AdminExistsError,
  CLI_ACTOR,
  DEV_ADMIN_EMAIL,
  createFirstAdmin,
  credentialsText,
  devAdminNote,
  devAdminProblem,
  disableDevAdmin,
  ensureDevAdmin,
  generatePassword,
} from './first-admin';
export type { DevAdmin } from './first-admin';
export { registerBotAudit } from './bot-audit';
export type { AuditChange } from './bot-audit';
