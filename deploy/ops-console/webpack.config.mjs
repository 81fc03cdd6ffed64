import { createConsoleConfig } from '@crease/build';

/** The staff console (decision 399), under /ops/ (its page's CSP: 'self' plus the API origin). */
export default ({ mode = 'production' } = {}) =>
  createConsoleConfig({
    appDir: import.meta.dirname,
    mode,
    name: 'ops-console',
    entryName: 'ops',
    publicPath: '/ops/',
    cssPrefix: 'ops',
    title: 'Staff console · Crease',
  });
