import ky from 'ky';
import { configure } from '@testing-library/react';
import type { Platform, ScreenProps } from '@crease/contract';

// Two cores shared by many test runs: the first render of a file (jsdom, swc, a real server)
// can take over a second, past findBy's default wait. Waiting longer only costs time on failure.
configure({ asyncUtilTimeout: 5000 });

/** The device the test platform reports (the shell's platform.device). */
export const TEST_DEVICE = {
  vidictId: '0b6f3c1e-8d7a-4a53-9d8e-5b2f8e1c4a10',
  deviceOs: 'LINUX',
  deviceType: 'CHROME',
} as const;

/**
 * A Platform for component tests whose HTTP goes to a real local server (STYLE §8): a ky instance
 * with a bearer and no retries (the shell's retry policy has its own tests), a signed-in session.
 */
export function testPlatform(apiOrigin: string) {
  const http = ky.create({
    prefixUrl: apiOrigin,
    retry: 0,
    headers: { Accept: 'application/json', Authorization: 'Bearer signed-in-token' },
  });
  const track = jest.fn();
  const platform: Platform = {
    http,
    session: {
      isSignedIn: () => true,
      signIn: async () => undefined,
      signOut: () => undefined,
      subscribe: () => () => undefined,
    },
    botCheck: { token: async (action: string) => `proof-${action}` },
    analytics: { track },
    device: TEST_DEVICE,
    config: { productName: 'Crease', apiOrigin, features: {} },
  };
  return { platform, track };
}

export function screenProps(
  platform: Platform,
  screen: string,
  search = '',
): ScreenProps & { navigate: jest.Mock } {
  return {
    screen,
    location: { pathname: `/${screen}`, search, hash: '' },
    navigate: jest.fn(),
    platform,
  };
}
