import '../test-support/text-encoding';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Chrome } from './chrome';

function renderChrome(props: Partial<Parameters<typeof Chrome>[0]> = {}) {
  return render(
    <MemoryRouter>
      <Chrome productName="Crease" signedIn={false} onSignOut={() => undefined} {...props}>
        <p>screen</p>
      </Chrome>
    </MemoryRouter>,
  );
}

describe('Chrome: developer override banner', () => {
  it('is absent without overrides', () => {
    renderChrome();
    expect(screen.queryByRole('complementary', { name: 'Developer override' })).toBeNull();
  });

  it('names each overridden remote and where it comes from, and clears on request', async () => {
    const onClearOverrides = jest.fn();
    renderChrome({
      overrides: [{ remote: 'mf-legal', manifestUrl: 'http://localhost:3001/mf-manifest.json' }],
      onClearOverrides,
    });

    const banner = screen.getByRole('complementary', { name: 'Developer override' });
    expect(banner).toHaveTextContent(
      'Developer override active: mf-legal from http://localhost:3001',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClearOverrides).toHaveBeenCalledTimes(1);
  });
});
