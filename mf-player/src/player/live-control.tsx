import type { ReactNode } from 'react';
import { LiveBadge } from '@crease/ui';
import { formatBehind, formatBehindClock } from '../playback/live-position';
import type { LivePosition } from '../playback/live-position';
import { Icon } from './icons';
import own from './live-control.module.css';
import styles from './player-view.module.css';
import { useMessages } from '../messages';

/**
 * Behind live, the way back is an action, drawn as one (an outlined button with a skip-to-end
 * arrow), never like the red Live badge that says the picture is at live (decision 413).
 */
function GoToLive({ onGoLive }: { onGoLive(): void }) {
  const { t, rich } = useMessages();
  // The face's words outside <live> hide on a phone (CSS), leaving "Live" beside the arrow.
  const face = rich<ReactNode>('live.goLiveFace', {
    live: (chunks) => (
      <span key="live" className={own.liveWord}>
        {chunks}
      </span>
    ),
  }).map((part, index) =>
    typeof part === 'string' ? (
      <span key={index} className={own.goLiveWords}>
        {part}
      </span>
    ) : (
      part
    ),
  );
  return (
    <button type="button" className={own.goLive} onClick={onGoLive} title={t('live.goLive')}>
      <Icon name="toLive" />
      {face}
    </button>
  );
}

/**
 * Live: at the edge, the Live badge; behind it, by how much and a way back. A replay (a finished
 * match) says only that it is a replay, never how far behind live it is; while its stream is
 * still on air for the wrap-up (`onAir`), it keeps the way to the live presentation.
 */
export function LiveControl({
  position,
  replay,
  onAir = !replay,
  onGoLive,
}: {
  position: LivePosition;
  replay: boolean;
  /** The stream has a live edge (a finished match's wrap-up still has one). */
  onAir?: boolean;
  onGoLive(): void;
}) {
  const words = useMessages();
  if (replay) {
    return (
      <div className={styles.live}>
        <span className={styles.replay}>{words.t('live.replay')}</span>
        {onAir && !position.atLive ? <GoToLive onGoLive={onGoLive} /> : null}
      </div>
    );
  }
  return (
    <div className={styles.live}>
      {position.atLive ? (
        <LiveBadge label={words.t('seek.liveBadge')} />
      ) : (
        <>
          <span className={styles.behind} role="status">
            {/* On a phone the words give way to a clock ("−2:01", CSS), so the bar fits at 360 px;
                screen readers keep the words. */}
            <span className={styles.narrowHidden}>
              {words.t('live.behindBy', { time: formatBehind(position.behindSeconds, words) })}
            </span>
            <span className={styles.behindClock} aria-hidden="true">
              −{formatBehindClock(position.behindSeconds)}
            </span>
          </span>
          <GoToLive onGoLive={onGoLive} />
        </>
      )}
    </div>
  );
}
