import { passUnavailableText, screensText } from '@crease/contract';
import type { PassOffer, ScreenProps } from '@crease/contract';
import { Button, ScreenLink } from '@crease/ui';
import { FormAlert } from '@crease/ui/forms';
import { TaxBreakdownLine } from '../../components/tax-breakdown';
import { formatMoney } from '../../format/formatters';
import { usePay } from './use-pay';
import styles from '../payment-screens.module.css';

export interface PayForPassProps {
  offer: PassOffer;
  platform: ScreenProps['platform'];
  navigate: ScreenProps['navigate'];
  onReload(): void;
}

/** Where the viewer goes back to: the match's page, or the league's matches. */
export function passHomePath(offer: Pick<PassOffer, 'scope' | 'eventId' | 'leagueId'>): string {
  return offer.scope === 'MATCH' && offer.eventId
    ? `/player?${new URLSearchParams({ event: offer.eventId })}`
    : `/events?${new URLSearchParams({ league: offer.leagueId })}`;
}

/**
 * A pass to review and pay (issue 34 §3): what it plays, the server's price in the viewer's
 * currency with the tax it includes, "paid once, never renews", and Pay. A pass not on sale to
 * this viewer says why in place of Pay (the checkout would refuse it the same way).
 */
export function PayForPass({ offer, platform, navigate, onReload }: PayForPassProps) {
  const { busy, outcome, pay } = usePay(
    {
      planId: offer.planId,
      ...(offer.scope === 'MATCH' ? { eventId: offer.eventId! } : { leagueId: offer.leagueId }),
      expectedAmount: offer.price,
      currency: offer.currency,
    },
    { platform, navigate },
  );
  const kind = offer.scope === 'MATCH' ? 'Match pass' : 'Season pass';
  const what =
    offer.scope === 'MATCH'
      ? 'This match, live and its replay.'
      : "Every match of this league's season, live and their replays.";
  return (
    <>
      {outcome ? (
        <FormAlert tone="error" title="We couldn’t start the payment" revision={outcome.revision}>
          <p>{outcome.message}</p>
          {outcome.retry || outcome.reload ? (
            <p>
              <Button variant="secondary" busy={busy} onClick={outcome.retry ? pay : onReload}>
                {outcome.retry ? 'Try again' : 'Show the current price'}
              </Button>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      <div className={styles.card} data-testid="pass-order">
        <h2 className={styles.cardTitle}>
          {kind}: {offer.title}
        </h2>
        <p className={styles.muted}>
          {what} {screensText(offer.maxDevices)} at a time.
        </p>
        <dl className={styles.summary}>
          <div className={styles.total}>
            <dt>Total today</dt>
            <dd>{formatMoney(offer.price, offer.currency)}</dd>
          </div>
        </dl>
        <TaxBreakdownLine breakdown={offer.taxBreakdown} currency={offer.currency} />
        <p className={styles.fine}>Paid once: this pass never renews. It is not a subscription.</p>
        {offer.available ? (
          <Button className={styles.wide} busy={busy} onClick={pay}>
            {busy ? 'Starting secure payment…' : `Pay ${formatMoney(offer.price, offer.currency)}`}
          </Button>
        ) : (
          <p role="status">
            {offer.message ??
              (offer.reason ? passUnavailableText(offer.reason, offer.scope) : null)}
          </p>
        )}
      </div>
      <p className={styles.back}>
        <ScreenLink to={passHomePath(offer)} navigate={navigate}>
          {offer.scope === 'MATCH' ? 'Back to the match' : 'Back to the matches'}
        </ScreenLink>
      </p>
    </>
  );
}
