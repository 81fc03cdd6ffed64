import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScreenSwitch } from './screen-switch';

interface Props {
  screen: string;
  search: string;
}

function Counter({ screen: id }: Props) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {id} {count}
    </button>
  );
}

const SCREENS = { one: Counter, two: Counter };

describe('ScreenSwitch', () => {
  it('shows the screen the shell asked for, with its props', () => {
    render(<ScreenSwitch screens={SCREENS} area="test" props={{ screen: 'one', search: '' }} />);

    expect(screen.getByRole('button', { name: 'one 0' })).toBeVisible();
  });

  it('says which area has no such page, for an id it does not have', () => {
    render(
      <ScreenSwitch screens={SCREENS} area="billing" props={{ screen: 'nope', search: '' }} />,
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Page not found');
    expect(alert).toHaveTextContent('There is no billing page called “nope”.');
  });

  it('does not take inherited names for screens', () => {
    render(
      <ScreenSwitch screens={SCREENS} area="test" props={{ screen: 'toString', search: '' }} />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Page not found');
  });

  it('keeps a screen’s state across updates without a key, and starts afresh when its key changes', async () => {
    const user = userEvent.setup();
    const keyOf = (props: Props) => `${props.screen}${props.search}`;
    const view = (search: string, withKey: boolean) => (
      <ScreenSwitch
        screens={SCREENS}
        area="test"
        props={{ screen: 'one', search }}
        {...(withKey ? { keyOf } : {})}
      />
    );
    const { rerender } = render(view('', false));
    await user.click(screen.getByRole('button', { name: 'one 0' }));
    rerender(view('?a', false));
    expect(screen.getByRole('button', { name: 'one 1' })).toBeVisible();

    rerender(view('?a', true));
    await user.click(screen.getByRole('button', { name: 'one 0' }));
    rerender(view('?a', true));
    expect(screen.getByRole('button', { name: 'one 1' })).toBeVisible();
    rerender(view('?b', true));
    expect(screen.getByRole('button', { name: 'one 0' })).toBeVisible();
  });
});
