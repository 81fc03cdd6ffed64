// Precompiles a message catalogue (`<app>/src/messages/<language>.json`, docs/i18n.md) to
// FormatJS's message AST at build time, so the browser formats without the ICU parser (about
// 9 kB gzipped that no page needs to download; base-config aliases the parser away). A message
// that does not parse fails the build, naming the catalogue and the id.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loader-runner loads CommonJS
const { parse } = require('@formatjs/icu-messageformat-parser');

module.exports = function messagesLoader(source) {
  const catalogue = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(catalogue)) {
    if (typeof message !== 'string') {
      throw new Error(`${this.resourcePath}: message "${id}" is not a string`);
    }
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
};
