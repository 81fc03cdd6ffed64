import { chooseLanguage, formattingLocale } from './choose-language';

describe('chooseLanguage (decision 470)', () => {
  it('follows the browser by default: hi and hi-IN are Hindi, the first it knows wins', () => {
    expect(chooseLanguage({ browser: ['hi-IN', 'en'] })).toBe('hi');
    expect(chooseLanguage({ browser: ['hi'] })).toBe('hi');
    expect(chooseLanguage({ browser: ['fr-FR', 'hi-IN'] })).toBe('hi');
    expect(chooseLanguage({ browser: ['en-GB', 'hi'] })).toBe('en');
  });

  it('falls back to English for a browser in languages the site does not speak, or none', () => {
    expect(chooseLanguage({ browser: ['fr-FR', 'ta-IN'] })).toBe('en');
    expect(chooseLanguage({ browser: [] })).toBe('en');
  });

  it("prefers the choice stored on this device to the browser's", () => {
    expect(chooseLanguage({ stored: 'en', browser: ['hi-IN'] })).toBe('en');
    expect(chooseLanguage({ stored: 'hi', browser: ['en-GB'] })).toBe('hi');
  });

  it('ignores garbage in storage: the browser decides', () => {
    for (const stored of ['', 'klingon', 'hi-IN', '{"x":1}', 'HI', null, 7])
      expect(chooseLanguage({ stored, browser: ['hi-IN'] })).toBe('hi');
    expect(chooseLanguage({ stored: 'xx', browser: ['en-US'] })).toBe('en');
  });

  it("lets the signed-in account's choice win over storage and browser", () => {
    expect(chooseLanguage({ account: 'hi', stored: 'en', browser: ['en-GB'] })).toBe('hi');
    expect(chooseLanguage({ account: 'en', stored: 'hi', browser: ['hi-IN'] })).toBe('en');
    expect(chooseLanguage({ account: 'garbage', stored: 'hi', browser: [] })).toBe('hi');
  });
});

describe('formattingLocale', () => {
  it("keeps the browser's own region for the UI language (lakh grouping in en-IN)", () => {
    expect(formattingLocale('en', ['en-IN'])).toBe('en-IN');
    expect(formattingLocale('hi', ['en-GB', 'hi-IN'])).toBe('hi-IN');
  });

  it("uses India's Hindi when the browser names no Hindi, and plain English otherwise", () => {
    expect(formattingLocale('hi', ['en-GB'])).toBe('hi-IN');
    expect(formattingLocale('en', ['hi-IN'])).toBe('en');
  });

  it('formats numbers with lakh grouping in Hindi', () => {
    expect(new Intl.NumberFormat(formattingLocale('hi', [])).format(1234567)).toBe('12,34,567');
  });
});
