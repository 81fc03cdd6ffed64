import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOUR, INNINGS_BREAK } from '../testing/match-fixtures';
import { BreakStrip } from './break-strip';
import { ScoreOverlay } from './score-overlay';

describe('the break strip', () => {
  it('says the break and goes when dismissed; a new break shows again', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<BreakStrip playState="rain_delay" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Rain delayCovers are on. Play resumes when the rain stops.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss: Rain delay' }));
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<BreakStrip playState="innings_break" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Innings break/);
  });
});

describe('the score on the picture', () => {
  it('is the batting side’s innings at the picture’s time, with the break or the target under it', () => {
    const { rerender } = render(<ScoreOverlay state={INNINGS_BREAK.state} />);
    expect(screen.getByTestId('score-overlay')).toHaveTextContent('MUM 156/4 (20)Innings break');
    rerender(<ScoreOverlay state={FOUR.state} />);
    expect(screen.getByTestId('score-overlay')).toHaveTextContent('CHE 40/0 (4.1)Target 157');
    rerender(<ScoreOverlay state={null} />);
    expect(screen.queryByTestId('score-overlay')).toBeNull();
  });
});
