import type { EntitlementReason, PassOffer, Platform } from '@crease/contract';
import { ButtonLink } from '@crease/ui';
import { StateCard } from './player-states';
import { MatchPassButton, useMatchPassOffer } from './pass-offer';
import type { NavigateTo } from './player-states';
import { useMessages } from '../messages';
import type { PlayerMessageKey } from '../messages';

/** The states where the account may not watch here: no plan or trial time, too many devices. */

const TRIAL_USED: readonly EntitlementReason[] = [
  'TRIAL_TIME_USED',
  'TRIAL_DAILY_TIME_USED',
  'TRIAL_EXPIRED',
];

function entitlementWords(
  reason: EntitlementReason | null,
  midStream: boolean,
): { title: PlayerMessageKey; body: PlayerMessageKey } {
  switch (reason) {
    case 'TRIAL_DAILY_TIME_USED':
      return { title: 'access.dailyTitle', body: 'access.dailyBody' };
    case 'TRIAL_TIME_USED':
    case 'TRIAL_EXPIRED':
      return { title: 'access.trialOverTitle', body: 'access.trialOverBody' };
    case 'PLAN_EXPIRED':
      return { title: 'access.planEndedTitle', body: 'access.planEndedBody' };
    case 'DEVICE_NOT_REGISTERED':
      return { title: 'access.deviceTitle', body: 'access.deviceBody' };
    case 'ACCOUNT_INACTIVE':
      return { title: 'access.inactiveTitle', body: 'access.inactiveBody' };
    default:
      return {
        title: midStream ? 'access.noLongerTitle' : 'access.choosePlanTitle',
        body: 'access.defaultBody',
      };
  }
}

export function NotEntitledState({
  reason,
  midStream,
  navigate,
  passOffer = null,
}: {
  reason: EntitlementReason | null;
  midStream: boolean;
  navigate: NavigateTo;
  /** This match's pass, when it is sold to this viewer (issue 34 §3). */
  passOffer?: PassOffer | null;
}) {
  const { t } = useMessages();
  const words = entitlementWords(reason, midStream);
  const trialUsed = reason !== null && TRIAL_USED.includes(reason);
  return (
    <StateCard
      tone="error"
      title={t(words.title)}
      actions={
        <>
          <MatchPassButton offer={passOffer} navigate={navigate} />
          <ButtonLink
            href="/plans"
            navigate={navigate}
            variant={passOffer?.available ? 'secondary' : 'primary'}
          >
            {trialUsed ? t('access.choosePlan') : t('access.seePlans')}
          </ButtonLink>
          <ButtonLink href="/events" variant="ghost" navigate={navigate}>
            {t('access.backToMatches')}
          </ButtonLink>
        </>
      }
    >
      <p>
        {midStream ? t('access.stopped') : null}
        {t(words.body)}
        {passOffer?.available ? t('access.passNote') : null}
      </p>
    </StateCard>
  );
}

/** The refusal with this match's pass offered when the API sells it to this viewer. */
export function NotEntitledWithPass({
  http,
  eventId,
  ...props
}: {
  http: Platform['http'];
  eventId: string;
  reason: EntitlementReason | null;
  midStream: boolean;
  navigate: NavigateTo;
}) {
  const passOffer = useMatchPassOffer(http, eventId);
  return <NotEntitledState {...props} passOffer={passOffer} />;
}
