import type { EntitlementReason, PassOffer, Platform } from '@crease/contract';
import { ButtonLink } from '@crease/ui';
import { StateCard } from './player-states';
import { MatchPassButton, useMatchPassOffer } from './pass-offer';
import type { NavigateTo } from './player-states';

/** The states where the account may not watch here: no plan or trial time, too many devices. */

const TRIAL_USED: readonly EntitlementReason[] = [
  'TRIAL_TIME_USED',
  'TRIAL_DAILY_TIME_USED',
  'TRIAL_EXPIRED',
];

function entitlementWords(reason: EntitlementReason | null, midStream: boolean) {
  switch (reason) {
    case 'TRIAL_DAILY_TIME_USED':
      return {
        title: "You've used today's trial time",
        body: 'Your free minutes for today are used up. Choose a plan to keep watching now, or come back tomorrow.',
      };
    case 'TRIAL_TIME_USED':
    case 'TRIAL_EXPIRED':
      return {
        title: 'Your free trial is over',
        body: 'Thanks for trying Crease. Choose a plan to keep watching every match live in HD.',
      };
    case 'PLAN_EXPIRED':
      return {
        title: 'Your plan has ended',
        body: 'Renew your plan to keep watching live cricket.',
      };
    case 'DEVICE_NOT_REGISTERED':
      return {
        title: 'This device is signed out',
        body: 'This browser is no longer one of your devices. Reload the page to register it again.',
      };
    case 'ACCOUNT_INACTIVE':
      return {
        title: 'Your account is not active',
        body: 'Please contact support to reactivate your account.',
      };
    default:
      return {
        title: midStream ? 'You can no longer watch this stream' : 'Choose a plan to watch',
        body: 'Watching live cricket on Crease needs a plan or trial time.',
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
  const words = entitlementWords(reason, midStream);
  const trialUsed = reason !== null && TRIAL_USED.includes(reason);
  return (
    <StateCard
      tone="error"
      title={words.title}
      actions={
        <>
          <MatchPassButton offer={passOffer} navigate={navigate} />
          <ButtonLink
            href="/plans"
            navigate={navigate}
            variant={passOffer?.available ? 'secondary' : 'primary'}
          >
            {trialUsed ? 'Choose a plan' : 'See plans'}
          </ButtonLink>
          <ButtonLink href="/events" variant="ghost" navigate={navigate}>
            Back to matches
          </ButtonLink>
        </>
      }
    >
      <p>
        {midStream ? 'The stream stopped. ' : ''}
        {words.body}
        {passOffer?.available ? ' A match pass plays just this match, live and its replay.' : ''}
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
