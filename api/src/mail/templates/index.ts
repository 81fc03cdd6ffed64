/** Every lifecycle message's template, by kind (one file each; they share layout.tsx). */
import type { LifecycleMailKind } from '../../accounts';
import { accountDeleted } from './account-deleted';
import type { MailTemplate } from './mail-template';
import { mandateDebitNotice } from './mandate-debit-notice';
import { newDevice } from './new-device';
import { passwordChanged } from './password-changed';
import { planEnded } from './plan-ended';
import { receipt } from './receipt';
import { refundIssued } from './refund-issued';
import { renewalFailed } from './renewal-failed';
import { renewalUpcoming } from './renewal-upcoming';
import { supportPlanChanged } from './support-plan-changed';
import { supportSignedOut } from './support-signed-out';
import { welcome } from './welcome';

export const TEMPLATES: Record<LifecycleMailKind, MailTemplate<never>> = {
  welcome,
  receipt,
  'renewal-upcoming': renewalUpcoming,
  'renewal-failed': renewalFailed,
  'plan-ended': planEnded,
  'password-changed': passwordChanged,
  'new-device': newDevice,
  'account-deleted': accountDeleted,
  'refund-issued': refundIssued,
  'support-signed-out': supportSignedOut,
  'support-plan-changed': supportPlanChanged,
  'mandate-debit-notice': mandateDebitNotice,
};
