import { fireEvent, render, renderHook } from '@testing-library/react';
import { usePlayerKeys } from './use-player-keys';

function setup() {
  const play = jest.fn();
  const fullscreen = jest.fn();
  renderHook(() => usePlayerKeys({ ' ': play, f: fullscreen }));
  return { play, fullscreen };
}

describe('usePlayerKeys', () => {
  it('runs the action of a key pressed anywhere on the screen, letters in either case', () => {
    const { play, fullscreen } = setup();

    fireEvent.keyDown(document.body, { key: ' ' });
    fireEvent.keyDown(document.body, { key: 'f' });
    fireEvent.keyDown(document.body, { key: 'F' });

    expect(play).toHaveBeenCalledTimes(1);
    expect(fullscreen).toHaveBeenCalledTimes(2);
  });

  it('leaves Space to a focused button, and every key to a text field', () => {
    const { play, fullscreen } = setup();
    const { getByRole } = render(
      <>
        <button type="button">Mute</button>
        <input aria-label="Search" />
      </>,
    );

    fireEvent.keyDown(getByRole('button'), { key: ' ' });
    fireEvent.keyDown(getByRole('textbox'), { key: ' ' });
    fireEvent.keyDown(getByRole('textbox'), { key: 'f' });
    expect(play).not.toHaveBeenCalled();
    expect(fullscreen).not.toHaveBeenCalled();

    fireEvent.keyDown(getByRole('button'), { key: 'f' });
    expect(fullscreen).toHaveBeenCalledTimes(1);
  });

  it('keeps the browser’s shortcuts (a modifier) and Space’s scroll only when it plays', () => {
    const { play, fullscreen } = setup();

    fireEvent.keyDown(document.body, { key: 'f', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'f', metaKey: true });
    expect(fullscreen).not.toHaveBeenCalled();

    const space = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
    document.body.dispatchEvent(space);
    expect(play).toHaveBeenCalledTimes(1);
    expect(space.defaultPrevented).toBe(true);
  });
});
