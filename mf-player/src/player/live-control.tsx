import { LiveBadge } from '@crease/ui';
import { formatBehind } from '../playback/live-position';
import type { LivePosition } from '../playback/live-position';
import styles from './player-view.module.css';

/** At the live edge, the Live badge; behind it, by how much and a way back. */
export function LiveControl({ position, onGoLive }: { position: LivePosition; onGoLive(): void }) {
  return (
    <div className={styles.live}>
      {position.atLive ? (
        <LiveBadge />
      ) : (
        <>
          <span className={styles.behind} role="status">
            Behind live by {formatBehind(position.behindSeconds)}
          </span>
          <button type="button" className={styles.goLive} onClick={onGoLive}>
            Go live
          </button>
        </>
      )}
    </div>
  );
}
