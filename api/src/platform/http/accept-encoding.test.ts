/** Which clients get a gzipped body (RFC 9110 Accept-Encoding, decision 225). */
import { acceptsGzip } from './accept-encoding';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['x-gzip', true],
    ['GZIP', true],
  ])('takes %p as accepting gzip', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['*;q=0', false],
  ])('takes %p as refusing it', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
