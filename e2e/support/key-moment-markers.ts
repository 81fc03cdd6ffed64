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
