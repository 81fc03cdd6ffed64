import { configure } from '@testing-library/react';
import { testPlatform as sharedTestPlatform } from '@crease/test-utils/platform';

export { screenProps } from '@crease/test-utils/platform';

// Two cores shared by many test runs: the first render of a file (jsdom, swc, a real server)
// can take over a second, past findBy's default wait. Waiting longer only costs time on failure.
configure({ asyncUtilTimeout: 5000 });

/** The device the test platform reports (the shell's platform.device): a real-looking UUID. */
export const TEST_DEVICE = {
  vidictId: '0b6f3c1e-8d7a-4a53-9d8e-5b2f8e1c4a10',
  deviceOs: 'LINUX',
  deviceType: 'CHROME',
} as const;

/** The shared test Platform (@crease/test-utils), signed in, with this remote's device. */
export function testPlatform(apiOrigin: string) {
  return sharedTestPlatform(apiOrigin, { bearer: 'signed-in-token', device: TEST_DEVICE });
}
