import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteUnavailable } from './remote-unavailable';

describe('RemoteUnavailable', () => {
  it('announces that this part of the product is unavailable', () => {
    render(<RemoteUnavailable productName="Crease" onRetry={() => undefined} />);

    const alert = screen.getByRole('alert');
    const heading = within(alert).getByRole('heading', {
      level: 1,
      name: 'This part of Crease is unavailable',
    });
    expect(alert).toHaveAccessibleName('This part of Crease is unavailable');
    expect(heading).toHaveFocus();
  });

  it('uses the configured product name', () => {
    render(<RemoteUnavailable productName="Crease Staging" onRetry={() => undefined} />);

    expect(
      screen.getByRole('heading', { name: 'This part of Crease Staging is unavailable' }),
    ).toBeInTheDocument();
  });

  it('calls onRetry when Retry is pressed', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<RemoteUnavailable productName="Crease" onRetry={onRetry} />);

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('Retry works from the keyboard', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    render(<RemoteUnavailable productName="Crease" onRetry={onRetry} />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
