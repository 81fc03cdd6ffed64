import { useRef, useState } from 'react';
import { VisuallyHidden } from '@crease/ui';
import type { Moment } from '../match/key-moments';
import type { SeekWindow } from '../playback/playback-engine';
import { fractionOf, mediaTimeOf } from '../playback/seek-window';
import { MarkerGroupButton } from './marker-group-button';
import { groupMarkers, MARKER_SPACING_PX } from './marker-groups';
import { useElementWidth } from './use-element-width';
import styles from './dvr.module.css';
import { useMessages } from '../messages';

export interface SeekMarkersProps {
  window: SeekWindow;
  epochOffset: number | null;
  /** The moments the viewer may see (spoiler-free has already hidden the later ones). */
  moments: readonly Moment[];
  onMoment(moment: Moment): void;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * The key moments on the seek bar, each a button at its program-date-time. Moments too close to
 * draw apart at this bar's width share one marker that says how many and opens their list
 * (decision 336), so every moment stays one focusable, named button away on a phone as on a
 * laptop. The list beside the player keeps them all.
 */
export function SeekMarkers({ window, epochOffset, moments, onMoment }: SeekMarkersProps) {
  const { t } = useMessages();
  const listRef = useRef<HTMLUListElement>(null);
  const width = useElementWidth(listRef);
  /** The open group, by its first moment (it keeps its place as the live window grows). */
  const [openSeq, setOpenSeq] = useState<number | null>(null);

  const placed = moments.flatMap((moment) => {
    const at = mediaTimeOf(moment.at, epochOffset);
    if (at === null || at < window.start || at > window.live + 1) return [];
    return [{ moment, x: fractionOf(at, window) }];
  });
  // In fractions of the bar; before the bar is measured nothing is grouped.
  const groups = groupMarkers(placed, width ? MARKER_SPACING_PX / width : 0);

  return (
    <ul ref={listRef} className={styles.markers} aria-label={t('moments.onTimeline')}>
      {groups.map(({ x, moments: held }) => {
        const first = held[0]!;
        if (held.length > 1) {
          return (
            <li
              key={`group-${first.seq}`}
              className={styles.markerItem}
              style={{ left: percent(x) }}
            >
              <MarkerGroupButton
                moments={held}
                side={x < 0.25 ? 'start' : x > 0.75 ? 'end' : 'middle'}
                open={openSeq === first.seq}
                onOpenChange={(open) => setOpenSeq(open ? first.seq : null)}
                onMoment={onMoment}
              />
            </li>
          );
        }
        return (
          <li key={first.seq} className={styles.markerItem} style={{ left: percent(x) }}>
            <button
              type="button"
              className={`${styles.marker} ${styles[first.kind] ?? ''}`}
              title={first.label}
              onClick={() => onMoment(first)}
            >
              {/* The name is the label in words; the short tag is only drawn (an aria-label
                  would leave the drawn tag outside the name, which axe rightly refuses). */}
              <span aria-hidden="true">{t(`tag.${first.kind}`)}</span>
              <VisuallyHidden>{first.label}</VisuallyHidden>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
