import { createRemoteConfig } from '@crease/build';

export default ({ mode } = {}) =>
  createRemoteConfig({
    name: 'mf-player',
    appDir: import.meta.dirname,
    contractRange: '^1',
    mode,
  });
