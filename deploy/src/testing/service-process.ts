/**
 * A deploy CLI (the edge, the release service) as a real child process, as production runs it:
 * the shared service-process helper (@crease/test-utils) pointed at `deploy/src/cli/<script>`.
 */
import path from 'node:path';

export { requiredNames, startService, startUp } from '@crease/test-utils/service-process';
export type { ServiceProcess } from '@crease/test-utils/service-process';

/** The path of a deploy CLI entry point, e.g. `deployCli('serve.ts')`. */
export const deployCli = (script: string) => path.resolve(__dirname, '..', 'cli', script);
