import { createRemoteConfig } from '@crease/build';
import { hlsFromSource } from './hls-source.mjs';

export default ({ mode } = {}) =>
  createRemoteConfig({
    name: 'mf-player',
    appDir: import.meta.dirname,
    contractRange: '^1',
    mode,
    sourcePackages: [hlsFromSource(import.meta.dirname)],
  });
