import type { TrialUnavailableReason } from '@crease/contract';
import { Alert } from '@crease/ui';
import { useMessages } from '../messages';

/**
 * Said before any click (issue 23 §3): the screens read the offer first and show this instead of
 * a "Start free trial" button that could not work. Why, in the viewer's words: the catalogue's
 * `trialUnavailable.<reason>` (GET trial's `reason`).
 */
export function TrialUnavailableNotice({ reason }: { reason: TrialUnavailableReason }) {
  const { t } = useMessages();
  return (
    <Alert tone="info" title={t('trialUnavailable.title')}>
      <p>{t(`trialUnavailable.${reason}`)}</p>
    </Alert>
  );
}
