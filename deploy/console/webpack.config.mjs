import { createConsoleConfig } from '@crease/build';

/** The release console (decision 135), under /release-console/ (its page's CSP: 'self' only). */
export default ({ mode = 'production' } = {}) =>
  createConsoleConfig({
    appDir: import.meta.dirname,
    mode,
    name: 'release-console',
    entryName: 'console',
    publicPath: '/release-console/',
    cssPrefix: 'console',
    title: 'Release console · Crease',
  });
