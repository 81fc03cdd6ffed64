import type { Platform, ScreenProps } from '@crease/contract';
import { screenProps, testPlatform as sharedTestPlatform } from '@crease/test-utils/platform';

/** The shared test Platform (@crease/test-utils), as this browser's device 'this-device'. */
export function testPlatform(apiOrigin: string): Platform {
  return sharedTestPlatform(apiOrigin, {
    device: { vidictId: 'this-device', deviceOs: 'LINUX', deviceType: 'CHROME' },
  }).platform;
}

export function playerProps(
  platform: Platform,
  search: string,
): ScreenProps & { navigate: jest.Mock } {
  return screenProps(platform, 'player', search);
}
