// Builds the release console into deploy/console/dist (npm run build -w deploy).
import { buildConsole } from '@crease/build';
import makeConfig from './webpack.config.mjs';

buildConsole(makeConfig, 'release console');
