// Builds the staff console into deploy/ops-console/dist (npm run build -w deploy).
import { buildConsole } from '@crease/build';
import makeConfig from './webpack.config.mjs';

buildConsole(makeConfig, 'staff console');
