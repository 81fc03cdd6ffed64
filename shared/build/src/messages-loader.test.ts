/** @jest-environment node */
/**
 * The build's catalogue compiler (decision 469): a catalogue becomes FormatJS's AST, which the
 * browser formats without the ICU parser; a broken message fails the build, naming the file and id.
 */
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

type Loader = (this: { resourcePath: string }, source: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS
const loader = require(path.join(__dirname, 'messages-loader.cjs')) as Loader;

const compile = (catalogue: unknown) =>
  JSON.parse(
    loader.call({ resourcePath: 'mf-auth/src/messages/hi.json' }, JSON.stringify(catalogue)),
  ) as Record<string, ConstructorParameters<typeof IntlMessageFormat>[0]>;

describe('messages-loader', () => {
  it('compiles each message to an AST that formats like the source', () => {
    const compiled = compile({ screens: '{n, plural, one {# screen} other {# screens}}' });
    expect(Array.isArray(compiled.screens)).toBe(true);
    expect(new IntlMessageFormat(compiled.screens!, 'en').format({ n: 2 })).toBe('2 screens');
  });

  it('fails on a message that is not valid ICU, naming the catalogue and the id', () => {
    expect(() => compile({ 'signin.title': 'Sign in {' })).toThrow(
      /mf-auth\/src\/messages\/hi\.json: message "signin\.title" is not valid ICU/,
    );
  });

  it('fails on a message that is not a string', () => {
    expect(() => compile({ count: 3 })).toThrow(/message "count" is not a string/);
  });
});
