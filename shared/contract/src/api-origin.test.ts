import { deriveApiOrigin } from './api-origin';

/** A URL has the same protocol/hostname/port fields as window.location. */
const from = (href: string) => deriveApiOrigin(new URL(href));

describe('deriveApiOrigin (docs/product.md §7: API host from the root domain of the page)', () => {
  it.each([
    ['https://www.crease.tv/plans', 'https://api.crease.tv'],
    ['https://crease.tv/', 'https://api.crease.tv'],
    ['https://beta.www.crease.tv/', 'https://api.crease.tv'],
    ['https://api.crease.tv/', 'https://api.crease.tv'],
    ['http://localhost:8080/signin', 'http://api.localhost:8080'],
    ['http://localhost/', 'http://api.localhost'],
    ['https://www.crease.tv:8443/', 'https://api.crease.tv:8443'],
  ])('%s -> %s', (page, api) => {
    expect(from(page)).toBe(api);
  });

  it.each([
    ['http://127.0.0.1/', 'http://127.0.0.1'],
    ['http://127.0.0.1:8080/events', 'http://127.0.0.1:8080'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
  ])('keeps an IP host as the same origin: %s -> %s', (page, api) => {
    expect(from(page)).toBe(api);
  });

  it('works with a location-like object', () => {
    expect(deriveApiOrigin({ protocol: 'https:', hostname: 'www.crease.tv', port: '' })).toBe(
      'https://api.crease.tv',
    );
  });
});
