import type { PassOffer, ScreenProps } from '@crease/contract';
import { Button, ScreenLink } from '@crease/ui';
import { FormAlert } from '@crease/ui/forms';
import { TaxBreakdownLine } from '../../components/tax-breakdown';
import { useWords } from '../../format/use-format';
import { problemText } from '../../messages/problem-text';
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
  const { t, money, words } = useWords();
  const match = offer.scope === 'MATCH';
  const price = money(offer.price, offer.currency);
  return (
    <>
      {outcome ? (
        <FormAlert tone="error" title={t('order.payFailed')} revision={outcome.revision}>
          <p>{outcome.problem ? problemText(outcome.problem, words) : outcome.message}</p>
          {outcome.retry || outcome.reload ? (
            <p>
              <Button variant="secondary" busy={busy} onClick={outcome.retry ? pay : onReload}>
                {outcome.retry ? t('action.tryAgain') : t('order.showPrice')}
              </Button>
            </p>
          ) : null}
        </FormAlert>
      ) : null}
      <div className={styles.card} data-testid="pass-order">
        <h2 className={styles.cardTitle}>
          {t(match ? 'pass.matchTitle' : 'pass.seasonTitle', { title: offer.title })}
        </h2>
        <p className={styles.muted}>
          {t(match ? 'pass.matchWhat' : 'pass.seasonWhat', { screens: offer.maxDevices })}
        </p>
        <dl className={styles.summary}>
          <div className={styles.total}>
            <dt>{t('order.total')}</dt>
            <dd>{price}</dd>
          </div>
        </dl>
        <TaxBreakdownLine breakdown={offer.taxBreakdown} currency={offer.currency} />
        <p className={styles.fine}>{t('pass.once')}</p>
        {offer.available ? (
          <Button className={styles.wide} busy={busy} onClick={pay}>
            {busy ? t('order.starting') : t('order.pay', { amount: price })}
          </Button>
        ) : (
          <p role="status">
            {offer.reason
              ? t(`pass.unavailable.${offer.reason}`, { scope: offer.scope })
              : (offer.message ?? null)}
          </p>
        )}
      </div>
      <p className={styles.back}>
        <ScreenLink to={passHomePath(offer)} navigate={navigate}>
          {t(match ? 'nav.backToMatch' : 'nav.backToMatches')}
        </ScreenLink>
      </p>
    </>
  );
}
