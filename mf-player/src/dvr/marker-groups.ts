import type { KeyMomentKind } from '@crease/contract';
import type { Moment } from '../match/key-moments';
import { englishWords } from '../messages';
import type { PlayerWords } from '../messages';

/**
 * How far apart (px) two markers on the seek bar must be drawn to stay apart: a marker's width
 * ("100", a group's count) and a little air. Below it they overlap and a finger hits the wrong one.
 */
export const MARKER_SPACING_PX = 28;

/** A moment placed on the bar: `x` px from the track's left edge. */
export interface PlacedMoment {
  moment: Moment;
  x: number;
}

/** One marker as drawn: a single moment, or a group of moments too close to draw apart. */
export interface MarkerGroup {
  /** Where the marker is drawn (px from the track's left). */
  x: number;
  /** In time order; more than one makes it a group. */
  moments: Moment[];
}

/**
 * Groups the moments that would overlap on a bar (decision 336). Moments join a group while each
 * is closer than `spacing` to the one before it and the group spans less than two spacings; the
 * group is drawn at the middle of its span. So no two drawn markers are closer than `spacing`
 * (a group ends only when the next moment is `spacing` past its last, or two spacings past its
 * first, and its middle is never more than a spacing right of its first), and every moment is
 * within one spacing of the marker that holds it: a long run of close moments becomes several
 * groups along the bar, never one group in the middle of it.
 */
export function groupMarkers(
  placed: readonly PlacedMoment[],
  spacing: number = MARKER_SPACING_PX,
): MarkerGroup[] {
  const sorted = [...placed].sort((a, b) => a.x - b.x || a.moment.at - b.moment.at);
  const groups: MarkerGroup[] = [];
  let first = 0;
  let last = 0;
  let members: Moment[] = [];
  const close = () => {
    if (members.length) groups.push({ x: (first + last) / 2, moments: members });
  };
  for (const { moment, x } of sorted) {
    if (members.length && x - last < spacing && x - first < 2 * spacing) {
      members.push(moment);
      last = x;
      continue;
    }
    close();
    members = [moment];
    first = x;
    last = x;
  }
  close();
  return groups;
}

/** Which kind speaks for a group (its look): the one that changes a match most. */
const KIND_WEIGHT: readonly KeyMomentKind[] = [
  'wicket',
  'hundred',
  'fifty',
  'inningsEnd',
  'six',
  'four',
  'rainDelay',
  'badLight',
];

export function leadKind(moments: readonly Moment[]): KeyMomentKind {
  return KIND_WEIGHT.find((kind) => moments.some((m) => m.kind === kind)) ?? moments[0]!.kind;
}

/**
 * "2 wickets, a six and 3 fours": what a group holds, weightiest first, joined as the language
 * joins a list (Intl.ListFormat; English keeps its "and" without a serial comma).
 */
export function groupContents(
  moments: readonly Moment[],
  words: PlayerWords = englishWords(),
): string {
  const parts = KIND_WEIGHT.flatMap((kind) => {
    const count = moments.filter((m) => m.kind === kind).length;
    return count ? [words.t(`kind.${kind}`, { count })] : [];
  });
  if (words.language === 'en')
    return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
  return new Intl.ListFormat(words.locale, { type: 'conjunction' }).format(parts);
}
