import '../test-support/text-encoding';
import { render, screen, within } from '@testing-library/react';
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

describe('Chrome: phone menu (decision 199)', () => {
  it('has no Menu button when signed out: Sign in and Register fit beside the brand', () => {
    renderChrome();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('opens and closes the main nav, and closes when a link is followed or on Escape', async () => {
    renderChrome({ signedIn: true });
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', 'main-nav');

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('link', { name: 'Plans' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menu);
    await userEvent.keyboard('{Tab}{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Chrome: legal footer', () => {
  it('links the accessibility statement beside the policies (issue 34 §6)', () => {
    renderChrome();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(legal.querySelector('a[href="/accessibility"]')).toHaveTextContent('Accessibility');
  });
});

describe('Chrome: cookie settings', () => {
  it('reopens the consent choice from the footer', async () => {
    const onCookieSettings = jest.fn();
    renderChrome({ onCookieSettings });
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    await userEvent.click(within(legal).getByRole('button', { name: 'Cookie settings' }));
    expect(onCookieSettings).toHaveBeenCalledTimes(1);
  });
});
