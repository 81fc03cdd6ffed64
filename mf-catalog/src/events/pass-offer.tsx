/**
 * The pass offer on a match's card and in a league's header (issue 34 §3, decision 452). The
 * viewer's shelf (their passes and the passes' prices in their currency) is read once for the
 * whole list; the card shows "Buy a match pass — ₹29.00" for a match that can still be watched,
 * "Your pass plays this match" when one does, and nothing when a subscription includes every
 * match. The payment page asks the API whether this very match is sold (owned, cancelled…).
 */
import { useEffect, useState } from 'react';
import { PASS_PATHS, passCheckoutPath, passPlays } from '@crease/contract';
import type { CatalogEvent, League, PassShelf, Platform } from '@crease/contract';
import { ButtonLink, VisuallyHidden, browserRegionGuess, formatPrice } from '@crease/ui';
import type { Navigate } from '@crease/ui';
import type { ReactNode } from 'react';
import { useMessages } from '../messages';
import styles from './event-card.module.css';

const hidden = (chunks: ReactNode[]) => <VisuallyHidden key="hidden">{chunks}</VisuallyHidden>;

/** The viewer's pass shelf, or null while unknown or when it could not be read (no offer then). */
export function usePassShelf(http: Platform['http'] | undefined): PassShelf | null {
  const [shelf, setShelf] = useState<PassShelf | null>(null);
  useEffect(() => {
    if (!http) return;
    let stopped = false;
    const guess = browserRegionGuess();
    http
      .get(PASS_PATHS.shelf, { searchParams: guess ? { regionGuess: guess } : {} })
      .json<PassShelf>()
      .then((read) => {
        if (!stopped) setShelf(read);
      })
      // The offer is an extra: a list whose shelf could not be read simply shows none.
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [http]);
  return shelf;
}

/** A match a pass can still be sold for: not cancelled, and not over without a replay. */
export function passSellable(event: CatalogEvent): boolean {
  if (event.status === 'cancelled') return false;
  const over = event.status === 'completed' || event.status === 'abandoned';
  return !over || event.eventStatus === 'ended';
}

export function MatchPassOffer({
  event,
  shelf,
  navigate,
}: {
  event: CatalogEvent;
  shelf: PassShelf | null | undefined;
  navigate: Navigate;
}) {
  const { t, rich } = useMessages();
  if (!shelf || shelf.planIncludesAll) return null;
  if (passPlays(shelf.owned, event.eventId, event.leagueId))
    return <p className={styles.passOwned}>{t('pass.owned')}</p>;
  if (!passSellable(event)) return null;
  return (
    <ButtonLink
      href={passCheckoutPath('MATCH', event.eventId)}
      navigate={navigate}
      variant="secondary"
      className={styles.passOffer}
    >
      {rich('pass.buyMatch', {
        price: formatPrice(shelf.matchPrice, shelf.currency),
        title: event.title,
        hidden,
      })}
    </ButtonLink>
  );
}

export function SeasonPassOffer({
  league,
  shelf,
  navigate,
}: {
  league: League;
  shelf: PassShelf | null;
  navigate: Navigate;
}) {
  const { t, rich } = useMessages();
  if (!shelf || shelf.planIncludesAll || league.status === 'completed') return null;
  if (shelf.owned.some((p) => p.scope === 'SEASON' && p.leagueId === league.leagueId))
    return <p className={styles.passOwned}>{t('pass.seasonOwned', { league: league.caption })}</p>;
  return (
    <ButtonLink
      href={passCheckoutPath('SEASON', league.leagueId)}
      navigate={navigate}
      variant="secondary"
    >
      {rich('pass.buySeason', {
        price: formatPrice(shelf.seasonPrice, shelf.currency),
        league: league.caption,
        hidden,
      })}
    </ButtonLink>
  );
}
