import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LiveControl } from './live-control';

const behind = { atLive: false, behindSeconds: 13_860 } as const;
const atLive = { atLive: true, behindSeconds: 0 } as const;

describe('LiveControl', () => {
  it('behind live, says by how much and offers Go to live, a button unlike the Live badge', async () => {
    const onGoLive = jest.fn();
    render(<LiveControl position={behind} replay={false} onGoLive={onGoLive} />);

    expect(screen.getByRole('status')).toHaveTextContent('Behind live by 3 h 51 min');
    // A phone's narrow bar shows it as a clock instead (CSS), hidden from screen readers.
    expect(screen.getByText('−3:51:00')).toHaveAttribute('aria-hidden', 'true');
    // An action in words, not the badge's bare "Live" (issue 36: the red pill read as at-live).
    const goLive = screen.getByRole('button', { name: 'Go to live' });
    expect(goLive).toHaveAttribute('title', 'Go to live');
    expect(goLive.querySelector('svg')).not.toBeNull();
    expect(screen.queryByText('Live', { exact: true })).toBeNull();
    await userEvent.click(goLive);
    expect(onGoLive).toHaveBeenCalledTimes(1);
  });

  it('at live, the Live badge and no button', () => {
    render(<LiveControl position={atLive} replay={false} onGoLive={jest.fn()} />);

    expect(screen.getByText('Live', { exact: true })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a replay has no live edge: it says Replay, never "Behind live", and offers no Go to live', () => {
    render(<LiveControl position={behind} replay onGoLive={jest.fn()} />);

    expect(screen.getByText('Replay')).toBeVisible();
    expect(screen.queryByText(/Behind live/)).toBeNull();
    expect(screen.queryByRole('button', { name: /live/i })).toBeNull();
  });

  it('a just-finished match on air for its wrap-up is a Replay, never "3 h 9 min behind live", with a way to the live wrap-up', async () => {
    const onGoLive = jest.fn();
    render(
      <LiveControl
        position={{ atLive: false, behindSeconds: 11_340 }}
        replay
        onAir
        onGoLive={onGoLive}
      />,
    );

    expect(screen.getByText('Replay')).toBeVisible();
    expect(screen.queryByText(/behind live|3 h 9 min|3:09/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to live' }));
    expect(onGoLive).toHaveBeenCalledTimes(1);
  });
});
