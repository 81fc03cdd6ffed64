/**
 * The match pass offered where the player refuses a viewer with no plan (issue 34 §3): "Buy a
 * match pass — ₹29.00" for this match, priced by the API in the viewer's currency, beside "See
 * plans". The API says whether this very match is sold to this viewer (cancelled, over with no
 * replay, already owned, or included in a plan): the button shows only when it is.
 */
import { useEffect, useState } from 'react';
import { PASS_PATHS, passCheckoutPath } from '@crease/contract';
import type { PassOffer, Platform } from '@crease/contract';
import { ButtonLink, browserRegionGuess, formatPrice } from '@crease/ui';
import type { NavigateTo } from './player-states';
import { useMessages } from '../messages';

/** The pass offer for `eventId`, or null while unknown or when it could not be read. */
export function useMatchPassOffer(http: Platform['http'], eventId: string): PassOffer | null {
  const [offer, setOffer] = useState<PassOffer | null>(null);
  useEffect(() => {
    let stopped = false;
    const guess = browserRegionGuess();
    http
      .get(PASS_PATHS.offer, {
        searchParams: { eventId, ...(guess ? { regionGuess: guess } : {}) },
      })
      .json<PassOffer>()
      .then((read) => {
        if (!stopped) setOffer(read);
      })
      // The plans stay on offer: a pass that could not be priced is simply not shown.
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [http, eventId]);
  return offer;
}

export function MatchPassButton({
  offer,
  navigate,
}: {
  offer: PassOffer | null;
  navigate: NavigateTo;
}) {
  const { t } = useMessages();
  if (!offer?.available || !offer.eventId) return null;
  return (
    <ButtonLink href={passCheckoutPath('MATCH', offer.eventId)} navigate={navigate}>
      {t('access.buyMatchPass', { price: formatPrice(offer.price, offer.currency) })}
    </ButtonLink>
  );
}
