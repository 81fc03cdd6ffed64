/** @jest-environment node */
/**
 * The API's mail catalogues (decision 488; the front-end's twin is
 * shared/ui/src/i18n/catalogues.test.ts): for each `messages/en.json` under api/src, each other
 * language of UI_LANGUAGES has a catalogue with exactly English's ids, every message parses as
 * ICU MessageFormat, and a translation uses the same arguments and tags as English (a
 * `{amount}` lost in translation would drop the price from a pre-debit notice).
 */
import fs from 'node:fs';
import path from 'node:path';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { UI_LANGUAGES } from '@crease/contract';

const apiSrc = path.resolve(__dirname, '..');

/** Every folder under api/src holding an English mail catalogue. */
function catalogueFolders(dir = apiSrc, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name === 'messages' && fs.existsSync(path.join(folder, 'en.json'))) into.push(folder);
    else catalogueFolders(folder, into);
  }
  return into;
}

const read = (folder: string, language: string): Record<string, unknown> | null => {
  const file = path.join(folder, `${language}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as never) : null;
};

/** The argument and tag names a message uses ("#" of a plural is no name). */
function names(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
    if (element.type === TYPE.tag) names(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) names(option.value, into);
  }
  return into;
}

const parsed = (message: unknown) => parse(String(message));

describe('mail catalogues', () => {
  const folders = catalogueFolders().map((folder) => path.relative(apiSrc, folder));

  it('cover every mail the API sends: lifecycle, account, data export and match reminders', () => {
    expect(folders.sort()).toEqual(
      [
        'accounts/messages',
        'billing/data-export/messages',
        'catalog/follows/messages',
        'mail/messages',
      ].map((folder) => folder.split('/').join(path.sep)),
    );
  });

  describe.each(folders)('%s', (folder) => {
    const full = path.join(apiSrc, folder);
    const english = read(full, 'en') ?? {};
    const others = UI_LANGUAGES.filter((language) => language !== 'en');

    it('English: every message is a string of valid ICU', () => {
      for (const [id, message] of Object.entries(english)) {
        expect([id, typeof message]).toEqual([id, 'string']);
        expect(() => parsed(message)).not.toThrow();
      }
    });

    it.each(others)('%s: a catalogue with every English id and no other', (language) => {
      const catalogue = read(full, language);
      expect(catalogue).not.toBeNull();
      const missing = Object.keys(english).filter((id) => !(id in (catalogue ?? {})));
      const extra = Object.keys(catalogue ?? {}).filter((id) => !(id in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(others)('%s: each message has the arguments and tags of English', (language) => {
      const catalogue = read(full, language) ?? {};
      for (const [id, message] of Object.entries(catalogue)) {
        if (!(id in english)) continue;
        expect(() => parsed(message)).not.toThrow();
        const expected = [...names(parsed(english[id]))].sort();
        expect([id, [...names(parsed(message))].sort()]).toEqual([id, expected]);
      }
    });

    it.each(others)('%s: translated, not English copied over', (language) => {
      const catalogue = read(full, language) ?? {};
      // Brand names and codes stay as they are ("UPI", "UPI ID"); sentences do not.
      const untranslated = Object.entries(catalogue).filter(
        ([id, message]) => message === english[id] && String(message).split(' ').length > 2,
      );
      expect(untranslated).toEqual([]);
    });
  });
});
