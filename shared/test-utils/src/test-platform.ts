import ky from 'ky';
import type { Device, Platform, ScreenProps, Session } from '@crease/contract';

/** The device a test platform reports unless a test names another (the shell's platform.device). */
export const TEST_DEVICE: Device = {
  vidictId: 'test-device',
  deviceOs: 'LINUX',
  deviceType: 'CHROME',
};

/** A signed-in session that does nothing: for remotes that only read `isSignedIn`. */
export const SIGNED_IN_SESSION: Session = {
  isSignedIn: () => true,
  signIn: async () => undefined,
  signOut: () => undefined,
  subscribe: () => () => undefined,
};

export interface TestPlatformOptions {
  /**
   * The bearer the shell's client would add: a token, a function for a session whose token
   * changes (null: no header). 'viewer-token' when not given.
   */
  bearer?: string | (() => string | null);
  session?: Session;
  device?: Device;
}

/**
 * A Platform for component tests whose HTTP goes to a real local server (STYLE §8): one ky
 * instance with a bearer, as the shell's client adds one, and no retries, so a failure shows at
 * once (the shell's retry policy has its own tests). Analytics are recorded in `track`.
 */
export function testPlatform(
  apiOrigin: string,
  {
    bearer = 'viewer-token',
    session = SIGNED_IN_SESSION,
    device = TEST_DEVICE,
  }: TestPlatformOptions = {},
): { platform: Platform; track: jest.Mock } {
  const tokenOf = typeof bearer === 'function' ? bearer : () => bearer;
  const http = ky.create({
    prefixUrl: apiOrigin,
    retry: 0,
    headers: { Accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = tokenOf();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });
  const track = jest.fn();
  const platform: Platform = {
    http,
    session,
    botCheck: { token: async (action: string) => `proof-${action}` },
    analytics: { track },
    device,
    config: { productName: 'Crease', apiOrigin, features: {} },
  };
  return { platform, track };
}

/** The props the shell mounts a remote's parcel with, at /<screen><search>. */
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
