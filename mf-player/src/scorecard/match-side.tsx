import type { CatalogEvent } from '@crease/contract';
import { MomentsList } from '../dvr/moments-list';
import type { Moment } from '../match/key-moments';
import type { MatchViewState } from '../match/use-match-view';
import { MatchPanel } from './match-panel';
import styles from '../dvr/dvr.module.css';
import { useMessages } from '../messages';

/**
 * Beside the player: the spoiler-free switch, the scorecard at the picture's time, and the key
 * moments. Spoiler-free on, nothing here is later than the picture (decision 236).
 */
export function MatchSide({
  event,
  view,
  live,
  spoilerFree,
  onToggleSpoilerFree,
  onMoment,
}: {
  event: CatalogEvent;
  view: MatchViewState;
  live: boolean;
  spoilerFree: boolean;
  onToggleSpoilerFree(): void;
  onMoment(moment: Moment): void;
}) {
  const { t } = useMessages();
  return (
    <div>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.barButton}
          aria-pressed={spoilerFree}
          onClick={onToggleSpoilerFree}
        >
          {t('side.spoilerFree')}
        </button>
        <span className={styles.note}>
          {spoilerFree ? t('side.upToPicture') : t('side.everything')}
        </span>
      </div>
      <MatchPanel event={event} state={view.shown} live={live} latest={view.latest} />
      <MomentsList moments={view.moments} hidingLater={view.hidingLater} onMoment={onMoment} />
    </div>
  );
}
