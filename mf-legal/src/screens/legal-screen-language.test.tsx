/**
 * Issue 34 §4, decision 477: a Hindi viewer never meets an English-only policy page without a
 * Hindi explanation. The page's own words, the title and a summary are Hindi; a notice says in
 * Hindi that the text is English and that English is binding; the English text is marked
 * lang="en". The catalogue's English titles and summaries are the documents' own words.
 */
import { render, screen, within } from '@testing-library/react';
import type { Platform, ScreenProps } from '@crease/contract';
import en from '../messages/en.json';
import { POLICIES } from '../policies/index';
import { LegalScreen } from './legal-screen';

function props(screenId: string, language: ScreenProps['language']): ScreenProps {
  return {
    screen: screenId,
    location: { pathname: '/x', search: '', hash: '' },
    navigate: jest.fn(),
    platform: {} as Platform,
    language,
  };
}

const HINDI_TITLES = [
  ['terms-of-service', 'सेवा की शर्तें'],
  ['privacy-policy', 'गोपनीयता नीति'],
  ['cookie-policy', 'कुकी नीति'],
  ['refund-policy', 'रिफ़ंड नीति'],
  ['acceptable-use-policy', 'स्वीकार्य उपयोग नीति'],
  ['accessibility-statement', 'सुलभता विवरण'],
] as const;

describe('LegalScreen in Hindi', () => {
  it.each(HINDI_TITLES)(
    '%s: Hindi title, date and contents, and a Hindi notice that English is binding',
    (screenId, title) => {
      const { container } = render(<LegalScreen {...props(screenId, 'hi')} />);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(screen.getByText(/^आख़िरी बदलाव/)).toHaveTextContent(/^आख़िरी बदलाव \d{1,2} \S+ \d{4}$/);
      const notice = screen.getByText(/अंग्रेज़ी पाठ ही मान्य \(बाध्यकारी\) है/);
      expect(notice).toBeVisible();
      expect(notice).toHaveTextContent(/संक्षेप में: \S/);
      expect(
        within(screen.getByRole('navigation', { name: 'विषय-सूची' })).getAllByRole('link'),
      ).not.toHaveLength(0);
      // Every English section says it is English, for screen readers and translation tools.
      const sections = container.querySelectorAll('section[id]');
      expect(sections.length).toBeGreaterThan(0);
      for (const section of sections) expect(section).toHaveAttribute('lang', 'en');
    },
  );

  it('stays as it was in English: the English title and summary, no notice', () => {
    render(<LegalScreen {...props('terms-of-service', 'en')} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(screen.queryByText(/अंग्रेज़ी/)).toBeNull();
    expect(screen.getByText(POLICIES['terms-of-service'].summary)).toBeVisible();
  });

  it('translates from the documents’ own English titles and summaries', () => {
    for (const policy of Object.values(POLICIES)) {
      const catalogue = en as Record<string, string>;
      expect(catalogue[`policy.${policy.id}.title`]).toBe(policy.title);
      expect(catalogue[`policy.${policy.id}.summary`]).toBe(policy.summary);
    }
  });
});
