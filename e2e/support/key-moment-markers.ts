import type { Locator, Page } from '@playwright/test';

/** The key-moment markers on the seek bar. */
export const timelineMarkers = (page: Page) =>
  page.getByRole('list', { name: 'Key moments on the timeline' });

/** The markers that group moments too close to draw apart ("3 key moments, 14:05 to 14:12: …"). */
export const markerGroups = (page: Page) =>
  timelineMarkers(page).getByRole('button', { name: /^\d+ key moments, / });

/**
 * The seek bar's button for the moment labelled `label`: on the bar itself, or in the group that
 * holds it (opened here, as a viewer would: the group's name says what kinds it holds).
 */
export async function momentMarker(page: Page, label: string): Promise<Locator> {
  const marker = timelineMarkers(page).getByRole('button', { name: label, exact: true });
  if (await marker.count()) return marker;
  // "Wicket: …" is in a group that says "a wicket" or "2 wickets" (other kinds: try every group).
  const kind = label.split(':')[0]!.toLowerCase();
  const ofKind = markerGroups(page).filter({ hasText: kind });
  const groups = (await ofKind.count()) ? ofKind : markerGroups(page);
  const count = await groups.count();
  for (let i = 0; i < count; i++) {
    const group = groups.nth(i);
    await group.click();
    if (await marker.count()) return marker;
    await group.click();
  }
  throw new Error(`no marker on the seek bar for "${label}"`);
}

/**
 * A wall time from the seek bar's clock text ("14:05:09", the page in en-GB and UTC): the day is
 * the one that puts it nearest `near` (a clock read around midnight is yesterday's or tomorrow's).
 */
export function wallOfClock(clock: string, near: number): number {
  const [h, m, s] = clock.split(':').map(Number);
  const day = new Date(near);
  const at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m, s);
  const DAY = 86_400_000;
  return [at - DAY, at, at + DAY].reduce((a, b) =>
    Math.abs(b - near) < Math.abs(a - near) ? b : a,
  );
}

/** The picture's wall time as the seek bar says it (whole seconds), and how far behind live. */
export async function pictureClock(page: Page): Promise<{ wallMs: number; text: string }> {
  const text =
    (await page.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')) ?? '';
  const clock = /^(\d\d:\d\d:\d\d)/.exec(text)?.[1];
  if (!clock) throw new Error(`the seek bar shows no clock: "${text}"`);
  return { wallMs: wallOfClock(clock, Date.now()), text };
}

/** A marker as drawn on the bar: its label (a group: its name) and the wall time of its place. */
export interface PlacedMarker {
  label: string;
  group: boolean;
  wallMs: number;
}

/**
 * Where each marker is drawn, in the picture's time: its place along the bar (the fraction its
 * `left` puts it at) against the thumb's, whose wall time the slider says, over the window's
 * length (`aria-valuemax`, whole seconds). So a marker's time is read off the bar as a viewer sees
 * it, not from the timeline it was drawn from: off by at most a second of the clock's rounding
 * and half a second of the length's over the distance from the thumb.
 */
export async function placedMarkers(page: Page): Promise<PlacedMarker[]> {
  const drawn = await page.evaluate(() => {
    const thumb = document.querySelector<HTMLElement>('[role="slider"][aria-label="Seek"]')!;
    const items = document.querySelectorAll<HTMLElement>(
      'ul[aria-label="Key moments on the timeline"] > li',
    );
    return {
      thumbX: parseFloat(thumb.style.left) / 100,
      text: thumb.getAttribute('aria-valuetext') ?? '',
      length: Number(thumb.getAttribute('aria-valuemax')),
      markers: Array.from(items, (li) => {
        const group = li.querySelector<HTMLElement>('button[aria-expanded]');
        const single = li.querySelector<HTMLElement>('button[title]');
        return {
          x: parseFloat(li.style.left) / 100,
          group: !!group,
          label: group?.getAttribute('aria-label') ?? group?.textContent ?? single?.title ?? '',
        };
      }),
    };
  });
  const clock = /^(\d\d:\d\d:\d\d)/.exec(drawn.text)?.[1];
  if (!clock) throw new Error(`the seek bar shows no clock: "${drawn.text}"`);
  const thumbWall = wallOfClock(clock, Date.now());
  return drawn.markers.map(({ x, group, label }) => ({
    label,
    group,
    wallMs: thumbWall + (x - drawn.thumbX) * drawn.length * 1000,
  }));
}
