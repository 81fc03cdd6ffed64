import { render, screen } from '@testing-library/react';
import { UnmuteOverlay, unmuteLabel } from './player-overlays';

const pointer = (coarse: boolean) => (query: string) => ({
  matches: query === '(pointer: coarse)' && coarse,
});

describe('unmute wording', () => {
  it('says Tap only to touch users, Click otherwise', () => {
    expect(unmuteLabel(pointer(true))).toBe('Tap to unmute');
    expect(unmuteLabel(pointer(false))).toBe('Click to unmute');
    expect(unmuteLabel(undefined)).toBe('Click to unmute');
  });

  it('shows Click to unmute in a browser without a coarse pointer', () => {
    window.matchMedia = ((query: string) => ({ matches: false, media: query })) as never;
    render(<UnmuteOverlay onUnmute={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Click to unmute' })).toBeVisible();
  });
});
