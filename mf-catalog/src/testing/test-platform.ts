import type { Platform, ScreenProps } from '@crease/contract';
import { screenProps, testPlatform as sharedTestPlatform } from '@crease/test-utils/platform';

/** The shared test Platform (@crease/test-utils). */
export function testPlatform(apiOrigin: string): Platform {
  return sharedTestPlatform(apiOrigin).platform;
}

export function eventsProps(
  platform: Platform,
  search = '',
): ScreenProps & { navigate: jest.Mock } {
  return screenProps(platform, 'events', search);
}
