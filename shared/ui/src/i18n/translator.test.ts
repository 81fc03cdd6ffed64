import { parse } from '@formatjs/icu-messageformat-parser';
import { createTranslator } from './translator';

const english = {
  hello: 'Hello {name}',
  screens: '{count, plural, one {# screen} other {# screens}}',
  terms: 'Read the <link>terms</link>.',
  onlyEnglish: 'Not translated yet',
} as const;
const hindi = {
  hello: 'नमस्ते {name}',
  screens: '{count, plural, one {# स्क्रीन} other {# स्क्रीन}}',
  terms: '<link>शर्तें</link> पढ़ें।',
};

describe('createTranslator', () => {
  const t = createTranslator('hi', hindi, english, 'hi-IN');

  it('fills arguments and plurals in the language, numbers in its locale', () => {
    expect(t.t('hello', { name: 'Asha' })).toBe('नमस्ते Asha');
    expect(t.t('screens', { count: 100000 })).toBe('1,00,000 स्क्रीन');
    expect(t.number(1234567.5, { style: 'currency', currency: 'INR' })).toBe('₹12,34,567.50');
  });

  it('shows English for a message the language lacks, and the id for an unknown one', () => {
    expect(t.t('onlyEnglish')).toBe('Not translated yet');
    expect(t.t('nowhere' as keyof typeof english)).toBe('nowhere');
  });

  it('puts tags where the language wants them', () => {
    const parts = t.rich<string>('terms', { link: (words) => `[${words.join('')}]` });
    expect(parts.join('')).toBe('[शर्तें] पढ़ें।');
  });

  it('formats a precompiled message (what a build ships) like its source', () => {
    const compiled = createTranslator('en', { hello: parse(english.hello) }, english, 'en');
    expect(compiled.t('hello', { name: 'Sam' })).toBe('Hello Sam');
  });

  it("writes dates in the viewer's time zone and language", () => {
    const at = '2026-03-14T10:00:00Z';
    expect(t.date(at, { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' })).toMatch(
      /3:30/,
    );
  });
});
