import { LiveBadge } from '@crease/ui';
import { formatBehind, formatBehindClock } from '../playback/live-position';
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
            {/* On a phone the words give way to a clock ("−2:01", CSS), so the bar fits at 360 px;
                screen readers keep the words. */}
            <span className={styles.narrowHidden}>Behind live by </span>
            <span className={styles.narrowHidden}>{formatBehind(position.behindSeconds)}</span>
            <span className={styles.behindClock} aria-hidden="true">
              −{formatBehindClock(position.behindSeconds)}
            </span>
          </span>
          <button type="button" className={styles.goLive} onClick={onGoLive}>
            {/* A phone's bar reads "Live"; the button's name stays "Go live". */}
            <span className={styles.narrowHidden}>Go </span>
            live
          </button>
        </>
      )}
    </div>
  );
}
