import { LiveBadge } from '@crease/ui';
import { formatBehind } from '../playback/live-position';
import type { LivePosition } from '../playback/live-position';
import styles from './player-view.module.css';

/**
 * Live: at the edge, the Live badge; behind it, by how much and a way back. A replay (a finished
 * match) has no live edge to be behind or go back to, so it says only that it is a replay.
 */
export function LiveControl({
  position,
  replay,
  onGoLive,
}: {
  position: LivePosition;
  replay: boolean;
  onGoLive(): void;
}) {
  if (replay) {
    return (
      <div className={styles.live}>
        <span className={styles.replay}>Replay</span>
      </div>
    );
  }
  return (
    <div className={styles.live}>
      {position.atLive ? (
        <LiveBadge />
      ) : (
        <>
          <span className={styles.behind} role="status">
            {/* On a phone the words give way to a minus sign (CSS), so the bar fits at 360 px. */}
            <span className={styles.behindWords}>Behind live by </span>
            <span className={styles.behindAmount}>{formatBehind(position.behindSeconds)}</span>
          </span>
          <button type="button" className={styles.goLive} onClick={onGoLive}>
            Go live
          </button>
        </>
      )}
    </div>
  );
}
