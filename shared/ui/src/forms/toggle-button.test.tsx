import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToggleButton } from './toggle-button';

function Follow() {
  const [on, setOn] = useState(false);
  return (
    <ToggleButton pressed={on} onClick={() => setOn(!on)}>
      Follow
    </ToggleButton>
  );
}

describe('ToggleButton', () => {
  it('says whether it is on, and a click turns it on and off', async () => {
    const user = userEvent.setup();
    render(<Follow />);

    const toggle = screen.getByRole('button', { name: 'Follow', pressed: false });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Follow', pressed: true })).toBe(toggle);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the class it is given next to its own, and is a plain button (never submits)', () => {
    render(
      <form>
        <ToggleButton pressed className="extra" disabled>
          Remind me
        </ToggleButton>
      </form>,
    );

    const toggle = screen.getByRole('button', { name: 'Remind me', pressed: true });
    // Class names are their own keys in unit tests: the toggle's look, the button's, and the caller's.
    expect(toggle).toHaveClass('toggle', 'button', 'ghost', 'extra');
    expect(toggle).toHaveAttribute('type', 'button');
    expect(toggle).toBeDisabled();
  });
});
