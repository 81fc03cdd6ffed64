import ky from 'ky';
import type { Platform, ScreenProps } from '@crease/contract';

/**
 * A Platform for component tests whose HTTP goes to a real local server (STYLE §8), with a
 * bearer header as the shell's client adds one. No retries, so a failure shows at once.
 */
export function testPlatform(apiOrigin: string): Platform {
  const http = ky.create({
    prefixUrl: apiOrigin,
    retry: 0,
    headers: { Accept: 'application/json', Authorization: 'Bearer viewer-token' },
  });
  return {
    http,
    session: {
      isSignedIn: () => true,
      signIn: async () => undefined,
      signOut: () => undefined,
      subscribe: () => () => undefined,
    },
    botCheck: { token: async (action: string) => `proof-${action}` },
    analytics: { track: () => undefined },
    device: { vidictId: 'this-device', deviceOs: 'LINUX', deviceType: 'CHROME' },
    config: { productName: 'Crease', apiOrigin, features: {} },
  };
}

export function playerProps(
  platform: Platform,
  search: string,
): ScreenProps & { navigate: jest.Mock } {
  return {
    screen: 'player',
    location: { pathname: '/player', search, hash: '' },
    navigate: jest.fn(),
    platform,
  };
}
