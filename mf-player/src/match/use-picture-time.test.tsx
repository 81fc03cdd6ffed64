import { renderHook } from '@testing-library/react';
import { pictureTimeKey } from '@crease/contract';
import { FOUR, T0 } from '../testing/match-fixtures';
import { usePictureTimeStore, usePictureTitle } from './use-picture-time';

describe('the picture time for the /events card', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept in this tab behind live (UTC ISO) and removed at live', () => {
    const { rerender } = renderHook(
      ({ time, atLive }: { time: number | null; atLive: boolean }) =>
        usePictureTimeStore('mum-v-che', time, atLive),
      { initialProps: { time: T0 + 90_000, atLive: false } },
    );
    expect(sessionStorage.getItem(pictureTimeKey('mum-v-che'))).toBe('2026-11-23T14:01:30.000Z');
    expect(pictureTimeKey('mum-v-che')).toBe('crease.pictureTime.mum-v-che');
    rerender({ time: T0 + 95_000, atLive: true });
    expect(sessionStorage.getItem(pictureTimeKey('mum-v-che'))).toBeNull();
  });
});

describe('the tab title', () => {
  it('says the picture’s score, and gives the old title back when the player goes', () => {
    document.title = 'Crease';
    const { rerender, unmount } = renderHook(
      ({ shown }: { shown: typeof FOUR.state | null }) => usePictureTitle('MUM v CHE', shown),
      { initialProps: { shown: null as typeof FOUR.state | null } },
    );
    expect(document.title).toBe('MUM v CHE | Crease');
    rerender({ shown: FOUR.state });
    expect(document.title).toBe('CHE 40/0 (4.1) · MUM v CHE | Crease');
    unmount();
    expect(document.title).toBe('Crease');
  });
});
