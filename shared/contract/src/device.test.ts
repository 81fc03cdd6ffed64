import { DEVICE_OS_VALUES, DEVICE_TYPE_VALUES, deviceName } from './device';

describe('deviceName', () => {
  it('says a device as people do, the same everywhere', () => {
    expect(deviceName({ deviceType: 'CHROME', deviceOs: 'LINUX' })).toBe('Chrome on Linux');
    expect(deviceName({ deviceType: 'EDGE', deviceOs: 'WINDOWS' })).toBe('Edge on Windows');
    expect(deviceName({ deviceType: 'APP', deviceOs: 'ANDROID_TV' })).toBe(
      'The Crease app on Android TV',
    );
    expect(deviceName({ deviceType: 'SAMSUNG_INTERNET', deviceOs: 'ANDROID' })).toBe(
      'Samsung Internet on Android',
    );
  });

  it('names every pair of the spec enums without an enum spelling leaking through', () => {
    for (const deviceType of DEVICE_TYPE_VALUES)
      for (const deviceOs of DEVICE_OS_VALUES)
        expect(deviceName({ deviceType, deviceOs })).toMatch(/^[A-Z][A-Za-z ]+ on [A-Za-z ]+$/);
  });

  it('still names a device an older client sent outside the enums', () => {
    expect(deviceName({ deviceType: 'NETSCAPE', deviceOs: 'BEOS' })).toBe(
      'A device on another system',
    );
  });
});
