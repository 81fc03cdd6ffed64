import type { TrialUnavailableReason } from '@crease/contract';
import { Alert } from '@crease/ui';

/** Why the free trial is not on offer, in the viewer's words (GET trial's `reason`). */
export const TRIAL_UNAVAILABLE_MESSAGES: Readonly<Record<TrialUnavailableReason, string>> = {
  TRIAL_ALREADY_USED: 'You have already used your free trial on this account.',
  TRIAL_DEVICE_ALREADY_USED: 'This device has already been used for a free trial.',
  PLAN_ALREADY_ACTIVE: 'You already have an active plan, so there is no need for a trial.',
  TRIAL_NETWORK_LIMIT_REACHED:
    'Today’s free trials for your network have all been taken (everyone on a shared office or mobile network counts together). Try again tomorrow, or choose a plan below.',
};

/**
 * Said before any click (issue 23 §3): the screens read the offer first and show this instead of
 * a "Start free trial" button that could not work.
 */
export function TrialUnavailableNotice({ reason }: { reason: TrialUnavailableReason }) {
  return (
    <Alert tone="info" title="The free trial is not available">
      <p>{TRIAL_UNAVAILABLE_MESSAGES[reason]}</p>
    </Alert>
  );
}
