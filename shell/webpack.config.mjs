import { createHostConfig } from '@crease/build';

export default ({ mode } = {}) =>
  createHostConfig({
    appDir: import.meta.dirname,
    entry: './src/index.tsx',
    template: './src/index.html',
    prerender: './src/prerender.tsx',
    mode,
  });
