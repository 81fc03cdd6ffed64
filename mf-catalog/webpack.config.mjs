import { createRemoteConfig } from '@crease/build';

export default ({ mode } = {}) =>
  createRemoteConfig({
    name: 'mf-catalog',
    appDir: import.meta.dirname,
    contractRange: '^1',
    mode,
  });
