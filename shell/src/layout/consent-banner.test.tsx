import '../test-support/text-encoding';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { CONSENT_STORAGE } from '@crease/contract';
import { ConsentStore } from '../platform/consent';
import { ConsentBanner } from './consent-banner';

const renderBanner = (consent: ConsentStore) =>
  render(
    <MemoryRouter>
      <ConsentBanner consent={consent} />
    </MemoryRouter>,
  );

beforeEach(() => {
  document.cookie = `${CONSENT_STORAGE.cookie}=; Path=/; Max-Age=0`;
});

describe('ConsentBanner', () => {
  it('offers Accept, Reject all and Settings side by side, Reject all styled as Accept', () => {
    renderBanner(new ConsentStore(true));
    const region = screen.getByRole('region', { name: 'Cookies on Crease' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    const reject = screen.getByRole('button', { name: 'Reject all' });
    expect(screen.getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(reject.className).toBe(accept.className);
    expect(region).toContainElement(reject);
  });

  it('closes on Reject all and stores analytics off', async () => {
    const consent = new ConsentStore(true);
    renderBanner(consent);
    await userEvent.click(screen.getByRole('button', { name: 'Reject all' }));
    expect(screen.queryByRole('region', { name: 'Cookies on Crease' })).toBeNull();
    expect(consent.current()).toEqual({ analytics: false });
  });

  it('Settings shows analytics unticked; ticking it and saving allows analytics', async () => {
    const consent = new ConsentStore(true);
    renderBanner(consent);
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const box = screen.getByRole('checkbox', { name: /Analytics/ });
    expect(box).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Strictly necessary/ })).toBeDisabled();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(consent.current()).toEqual({ analytics: true });
    expect(screen.queryByRole('region', { name: 'Cookies on Crease' })).toBeNull();
  });

  it('is absent where no choice is needed until the footer asks for it', () => {
    const consent = new ConsentStore(false);
    renderBanner(consent);
    expect(screen.queryByRole('region', { name: 'Cookies on Crease' })).toBeNull();
    act(() => consent.openSettings());
    expect(screen.getByRole('region', { name: 'Cookies on Crease' })).toBeInTheDocument();
  });
});
