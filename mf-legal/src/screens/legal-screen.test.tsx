import { render, screen, within } from '@testing-library/react';
import type { Platform, ScreenProps } from '@crease/contract';
import { POLICIES } from '../policies/index';
import { LegalScreen } from './legal-screen';

function props(screenId: string, hash = ''): ScreenProps {
  return {
    screen: screenId,
    location: { pathname: '/x', search: '', hash },
    navigate: jest.fn(),
    platform: {} as Platform,
  };
}

const SCREENS = [
  ['acceptable-use-policy', 'Acceptable Use Policy'],
  ['privacy-policy', 'Privacy Policy'],
  ['terms-of-service', 'Terms of Service'],
  ['cookie-policy', 'Cookie Policy'],
  ['refund-policy', 'Refund Policy'],
  ['accessibility-statement', 'Accessibility Statement'],
] as const;

describe('LegalScreen', () => {
  it('has a policy for each of the six legal routes', () => {
    expect(Object.keys(POLICIES).sort()).toEqual(SCREENS.map(([id]) => id).sort());
  });

  describe.each(SCREENS)('%s', (screenId, title) => {
    it('shows the policy title as the one level-1 heading', () => {
      render(<LegalScreen {...props(screenId)} />);

      const headings = screen.getAllByRole('heading', { level: 1 });
      expect(headings).toHaveLength(1);
      expect(headings[0]).toHaveTextContent(new RegExp(`^${title}$`, 'i'));
      expect(screen.getByRole('article')).toHaveAccessibleName(headings[0]!.textContent ?? '');
    });

    it('shows a "Last updated" date', () => {
      const { container } = render(<LegalScreen {...props(screenId)} />);

      const updated = screen.getByText(/^Last updated/);
      expect(updated).toHaveTextContent(/^Last updated \d{1,2} [A-Z][a-z]+ \d{4}$/);
      const time = container.querySelector('time');
      expect(time).not.toBeNull();
      expect(time).toHaveAttribute('dateTime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
      expect(updated).toContainElement(time);
    });

    it('has a Contents navigation whose links point at sections that exist', () => {
      const { container } = render(<LegalScreen {...props(screenId)} />);

      const nav = screen.getByRole('navigation', { name: 'Contents' });
      const links = within(nav).getAllByRole('link');
      expect(links.length).toBeGreaterThan(0);
      const ids = new Set<string>();
      for (const link of links) {
        const href = link.getAttribute('href') ?? '';
        expect(href).toMatch(/^#[a-z0-9-]+$/);
        const id = href.slice(1);
        ids.add(id);
        const section = container.querySelector(`section[id="${id}"]`);
        expect(section).not.toBeNull();
        // The section is labelled by a level-2 heading with the same text as the link.
        const heading = within(section as HTMLElement).getByRole('heading', { level: 2 });
        expect(heading).toHaveTextContent(link.textContent ?? '');
        expect(section).toHaveAccessibleName(link.textContent ?? '');
      }
      expect(ids.size).toBe(links.length);
      expect(container.querySelectorAll('section[id]')).toHaveLength(links.length);
    });
  });

  it('scrolls to the section named in the location hash', () => {
    const scrollIntoView = jest.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      const first = POLICIES['refund-policy'].sections[1]!;
      render(<LegalScreen {...props('refund-policy', `#${first.id}`)} />);

      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById(first.id));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it.each(['no-such-policy', 'toString', '__proto__', ''])(
    'shows an alert for an unknown screen %p',
    (screenId) => {
      render(<LegalScreen {...props(screenId)} />);

      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Policy not found');
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Contents' })).not.toBeInTheDocument();
    },
  );
});
