// jsdom has no fetch. Component tests drive the real HTTP stack against a real local server
// (STYLE §8), so this environment hands jsdom Node's own fetch and the web globals it needs.
// AbortController/AbortSignal come from Node too: fetch rejects a jsdom AbortSignal.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest loads environments as CommonJS
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    if (!this.global.crypto?.randomUUID) this.global.crypto = globalThis.crypto;
  }
}

module.exports = JsdomWithFetchEnvironment;
