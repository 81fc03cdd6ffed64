import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LiveControl } from './live-control';

const behind = { atLive: false, behindSeconds: 13_860 } as const;

describe('LiveControl', () => {
  it('behind live, says by how much and offers Go live', async () => {
    const onGoLive = jest.fn();
    render(<LiveControl position={behind} replay={false} onGoLive={onGoLive} />);

    expect(screen.getByRole('status')).toHaveTextContent('Behind live by 3 h 51 min');
    // A phone's narrow bar shows it as a clock instead (CSS), hidden from screen readers.
    expect(screen.getByText('−3:51:00')).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Go live' }));
    expect(onGoLive).toHaveBeenCalledTimes(1);
  });

  it('a replay has no live edge: it says Replay, never "Behind live", and offers no Go live', () => {
    render(<LiveControl position={behind} replay onGoLive={jest.fn()} />);

    expect(screen.getByText('Replay')).toBeVisible();
    expect(screen.queryByText(/Behind live/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go live' })).toBeNull();
  });
});
