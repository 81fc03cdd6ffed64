import type { ReleaseMap } from '@crease/contract';
import { memoryStorage } from '@crease/test-utils';
import {
  OVERRIDES_STORAGE_KEY,
  OVERRIDE_VERSION,
  applyOverrides,
  isAllowedOverrideUrl,
  parseStoredOverrides,
  resolveOverrides,
} from './remote-overrides';

const PAGE = 'https://www.crease.test/privacy-policy';
const LOCAL = 'http://localhost:3001/mf-manifest.json';
const query = (...values: string[]) =>
  `${PAGE}?${values.map((v) => `crease-override=${encodeURIComponent(v)}`).join('&')}#top`;

describe('isAllowedOverrideUrl', () => {
  it.each([
    LOCAL,
    'https://localhost/mf-manifest.json',
    'http://127.0.0.1:4000/apps/mf-legal/mf-manifest.json',
    'http://[::1]:3001/mf-manifest.json',
  ])('allows %s', (url) => expect(isAllowedOverrideUrl(url)).toBe(true));

  it.each([
    ['another host', 'https://evil.example/mf-manifest.json'],
    ['a host that only starts like localhost', 'http://localhost.evil.example/m.json'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', '/apps/mf-legal/1/mf-manifest.json'],
    ['credentials', 'http://user:pw@localhost:3001/m.json'],
    ['a non-string', 42],
    ['a very long URL', `http://localhost/${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, url) => expect(isAllowedOverrideUrl(url)).toBe(false));
});

describe('parseStoredOverrides', () => {
  it('reads nothing as no overrides', () => expect(parseStoredOverrides(null)).toEqual({}));

  it('reads a valid map', () =>
    expect(parseStoredOverrides(JSON.stringify({ 'mf-legal': LOCAL }))).toEqual({
      'mf-legal': LOCAL,
    }));

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a string', '"x"'],
    ['an unknown remote', JSON.stringify({ 'mf-evil': LOCAL })],
    ['a remote host', JSON.stringify({ 'mf-legal': 'https://cdn.evil.example/m.json' })],
  ])('calls %s garbage', (_name, raw) => expect(parseStoredOverrides(raw)).toBeNull());
});

describe('resolveOverrides', () => {
  it('stores a query override, applies it and strips the query', () => {
    const storage = memoryStorage();

    const result = resolveOverrides({
      enabled: true,
      storage,
      href: query(`mf-legal=${LOCAL}`),
    });

    expect(result).toEqual({
      overrides: { 'mf-legal': LOCAL },
      cleanUrl: '/privacy-policy#top',
      problems: [],
    });
    expect(JSON.parse(storage.get(OVERRIDES_STORAGE_KEY) ?? 'null')).toEqual({
      'mf-legal': LOCAL,
    });
  });

  it('keeps a stored override on later pages without a query', () => {
    const storage = memoryStorage({
      [OVERRIDES_STORAGE_KEY]: JSON.stringify({ 'mf-legal': LOCAL }),
    });

    expect(resolveOverrides({ enabled: true, storage, href: PAGE })).toEqual({
      overrides: { 'mf-legal': LOCAL },
      cleanUrl: null,
      problems: [],
    });
  });

  it.each([['mf-legal='], ['off']])('clears with crease-override=%s', (value) => {
    const storage = memoryStorage({
      [OVERRIDES_STORAGE_KEY]: JSON.stringify({ 'mf-legal': LOCAL }),
    });

    const result = resolveOverrides({ enabled: true, storage, href: query(value) });

    expect(result.overrides).toEqual({});
    expect(storage.entries()).toEqual({});
  });

  it('ignores a remote URL or unknown remote in the query and says so', () => {
    const storage = memoryStorage();

    const result = resolveOverrides({
      enabled: true,
      storage,
      href: query('mf-legal=https://evil.example/mf-manifest.json', 'mf-evil=' + LOCAL),
    });

    expect(result.overrides).toEqual({});
    expect(result.problems).toEqual([
      'crease-override: mf-legal must point at http(s)://localhost or 127.0.0.1; ignored',
      'crease-override: unknown remote "mf-evil" ignored',
    ]);
    expect(storage.entries()).toEqual({});
  });

  it('removes garbage from storage and carries on without overrides', () => {
    const storage = memoryStorage({ [OVERRIDES_STORAGE_KEY]: '{"mf-legal":"javascript:1"}' });

    const result = resolveOverrides({ enabled: true, storage, href: PAGE });

    expect(result.overrides).toEqual({});
    expect(result.problems).toEqual([`${OVERRIDES_STORAGE_KEY} held an invalid value; removed`]);
    expect(storage.entries()).toEqual({});
  });

  it('when disabled by configuration, applies nothing, removes what is stored and leaves the URL', () => {
    const storage = memoryStorage({
      [OVERRIDES_STORAGE_KEY]: JSON.stringify({ 'mf-legal': LOCAL }),
      access_token: 'kept',
    });

    const result = resolveOverrides({
      enabled: false,
      storage,
      href: query(`mf-legal=${LOCAL}`),
    });

    expect(result).toEqual({ overrides: {}, cleanUrl: null, problems: [] });
    expect(storage.entries()).toEqual({ access_token: 'kept' });
  });
});

describe('applyOverrides', () => {
  const map: ReleaseMap = {
    schemaVersion: 1,
    remotes: {
      'mf-legal': {
        version: '1.0.0-abc',
        manifestUrl: '/apps/mf-legal/1.0.0-abc/mf-manifest.json',
        lastKnownGoodManifestUrl: '/apps/mf-legal/1.0.0-old/mf-manifest.json',
      },
      'mf-auth': {
        version: '1.0.0-def',
        manifestUrl: '/apps/mf-auth/1.0.0-def/mf-manifest.json',
        lastKnownGoodManifestUrl: null,
      },
    },
  };

  it('points only the overridden remote at the local build, with no fallback', () => {
    const result = applyOverrides(map, { 'mf-legal': LOCAL });

    expect(result.remotes['mf-legal']).toEqual({
      version: OVERRIDE_VERSION,
      manifestUrl: LOCAL,
      lastKnownGoodManifestUrl: null,
    });
    expect(result.remotes['mf-auth']).toBe(map.remotes['mf-auth']);
    expect(map.remotes['mf-legal']?.version).toBe('1.0.0-abc');
  });

  it('adds a remote that has no release yet', () => {
    expect(applyOverrides(map, { 'mf-player': LOCAL }).remotes['mf-player']?.manifestUrl).toBe(
      LOCAL,
    );
  });
});
