/** @jest-environment node */
import { withResolvedHost } from './rtmp-address';

describe('the RTMP URL handed to ffmpeg', () => {
  it('names localhost by its address, which the static ffmpeg can connect to', async () => {
    const url = await withResolvedHost('rtmp://localhost:1935/live/abc');
    expect(url).toMatch(/^rtmp:\/\/(127\.0\.0\.1|\[::1\]):1935\/live\/abc$/);
  });

  it('leaves an address as it is', async () => {
    const lookup = jest.fn();
    expect(await withResolvedHost('rtmp://127.0.0.1:19930/live/k', lookup)).toBe(
      'rtmp://127.0.0.1:19930/live/k',
    );
    expect(await withResolvedHost('rtmp://[::1]:1935/live/k', lookup)).toBe(
      'rtmp://[::1]:1935/live/k',
    );
    expect(lookup).not.toHaveBeenCalled();
  });

  it('prefers IPv4, and takes IPv6 when the name has no IPv4 address', async () => {
    const lookup = jest.fn(async (_host: string, family: 4 | 0) => {
      if (family === 4) throw new Error('ENOTFOUND');
      return '2001:db8::7';
    });
    expect(await withResolvedHost('rtmp://ingest.example:1935/live/k', lookup)).toBe(
      'rtmp://[2001:db8::7]:1935/live/k',
    );
    expect(lookup.mock.calls.map(([, family]) => family)).toEqual([4, 0]);
  });

  it('fails with the resolver’s error for a name nothing knows', async () => {
    const lookup = jest.fn(async () => {
      throw new Error('getaddrinfo ENOTFOUND nowhere.invalid');
    });
    await expect(withResolvedHost('rtmp://nowhere.invalid/live/k', lookup)).rejects.toThrow(
      /ENOTFOUND/,
    );
  });
});
