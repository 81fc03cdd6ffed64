/** @jest-environment node */
/**
 * Every app's catalogues (docs/i18n.md, decision 472): for each `<app>/src/messages/en.json`, each
 * other language of UI_LANGUAGES has a catalogue with exactly English's message ids, every message
 * parses as ICU MessageFormat, and a translation uses the same arguments and tags as English (a
 * `{productName}` lost in translation would show nothing; one invented would show its name).
 */
import fs from 'node:fs';
import path from 'node:path';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { UI_LANGUAGES } from '@crease/contract';

const root = path.resolve(__dirname, '../../../..');

/** The apps whose screens are translated: those with an English catalogue. */
function appsWithCatalogues(): string[] {
  return fs
    .readdirSync(root)
    .filter((dir) => dir === 'shell' || dir.startsWith('mf-'))
    .filter((dir) => fs.existsSync(path.join(root, dir, 'src/messages/en.json')));
}

const read = (app: string, language: string): Record<string, unknown> | null => {
  const file = path.join(root, app, 'src/messages', `${language}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as never) : null;
};

/** The argument and tag names a message uses, sorted ("#" of a plural is no name). */
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

describe('message catalogues', () => {
  const apps = appsWithCatalogues();

  it('exist for the shell and mf-auth (the translated apps)', () => {
    expect(apps).toEqual(expect.arrayContaining(['shell', 'mf-auth']));
  });

  describe.each(apps)('%s', (app) => {
    const english = read(app, 'en') ?? {};
    const others = UI_LANGUAGES.filter((language) => language !== 'en');

    it('English: every message is a string of valid ICU', () => {
      for (const [id, message] of Object.entries(english)) {
        expect([id, typeof message]).toEqual([id, 'string']);
        expect(() => parsed(message)).not.toThrow();
      }
    });

    it.each(others)('%s: a catalogue with every English id and no other', (language) => {
      const catalogue = read(app, language);
      expect(catalogue).not.toBeNull();
      const missing = Object.keys(english).filter((id) => !(id in (catalogue ?? {})));
      const extra = Object.keys(catalogue ?? {}).filter((id) => !(id in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(others)('%s: each message has the arguments and tags of English', (language) => {
      const catalogue = read(app, language) ?? {};
      for (const [id, message] of Object.entries(catalogue)) {
        if (!(id in english)) continue;
        const expected = [...names(parsed(english[id]))].sort();
        expect([id, [...names(parsed(message))].sort()]).toEqual([id, expected]);
      }
    });
  });
});
