import { REMOTE_NAMES, isRemoteName, parseReleaseMap } from './release-map';

const entry = (version: string, extra: Record<string, unknown> = {}) => ({
  version,
  manifestUrl: `/remotes/x/${version}/mf-manifest.json`,
  lastKnownGoodManifestUrl: '/remotes/x/0.9.0/mf-manifest.json',
  ...extra,
});

describe('parseReleaseMap', () => {
  it('accepts a valid map with relative and absolute https manifest URLs', () => {
    const raw = {
      schemaVersion: 1,
      remotes: {
        'mf-auth': entry('1.0.0'),
        'mf-billing': {
          version: '2.3.4-rc.1+build_7',
          manifestUrl: 'https://cdn.crease.tv/mf-billing/2.3.4/mf-manifest.json',
          lastKnownGoodManifestUrl: null,
        },
        'mf-legal': {
          version: '3',
          manifestUrl: 'http://localhost:8080/mf-legal/mf-manifest.json',
        },
      },
    };

    const { map, problems } = parseReleaseMap(raw);

    expect(problems).toEqual([]);
    expect(map).toEqual({
      schemaVersion: 1,
      remotes: {
        'mf-auth': entry('1.0.0'),
        'mf-billing': raw.remotes['mf-billing'],
        // A missing last-known-good becomes an explicit null.
        'mf-legal': { ...raw.remotes['mf-legal'], lastKnownGoodManifestUrl: null },
      },
    });
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['an array', []],
    ['a string', '{"schemaVersion":1}'],
  ])('returns an empty map with a problem when the map is %s', (_name, raw) => {
    expect(parseReleaseMap(raw)).toEqual({
      map: { schemaVersion: 1, remotes: {} },
      problems: ['release map is not an object'],
    });
  });

  it.each([2, '1', undefined, 0])('rejects schemaVersion %p', (schemaVersion) => {
    const { map, problems } = parseReleaseMap({
      schemaVersion,
      remotes: { 'mf-auth': entry('1.0.0') },
    });

    expect(map.remotes).toEqual({});
    expect(problems).toEqual([`unsupported release map schemaVersion ${String(schemaVersion)}`]);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['an array', [entry('1.0.0')]],
    ['a string', 'mf-auth'],
  ])('returns an empty map with a problem when remotes is %s', (_name, remotes) => {
    expect(parseReleaseMap({ schemaVersion: 1, remotes })).toEqual({
      map: { schemaVersion: 1, remotes: {} },
      problems: ['release map has no remotes object'],
    });
  });

  it.each([
    ['a javascript: manifestUrl', { manifestUrl: 'javascript:alert(1)' }, 'manifestUrl'],
    [
      'a protocol-relative manifestUrl',
      { manifestUrl: '//evil.example/mf-manifest.json' },
      'manifestUrl',
    ],
    ['a data: manifestUrl', { manifestUrl: 'data:application/json,{}' }, 'manifestUrl'],
    [
      'a relative manifestUrl without a leading slash',
      { manifestUrl: 'remotes/mf-manifest.json' },
      'manifestUrl',
    ],
    ['an empty manifestUrl', { manifestUrl: '' }, 'manifestUrl'],
    ['a URL with whitespace', { manifestUrl: 'https://cdn.example/a b.json' }, 'manifestUrl'],
    [
      'a javascript: last-known-good',
      { lastKnownGoodManifestUrl: 'javascript:alert(1)' },
      'lastKnownGoodManifestUrl',
    ],
    [
      'a protocol-relative last-known-good',
      { lastKnownGoodManifestUrl: '//evil' },
      'lastKnownGoodManifestUrl',
    ],
    ['a version with a slash', { version: '../1.0.0' }, 'version'],
    ['an empty version', { version: '' }, 'version'],
  ])('drops an entry with %s and keeps the others', (_name, bad, field) => {
    const { map, problems } = parseReleaseMap({
      schemaVersion: 1,
      remotes: {
        'mf-auth': entry('1.0.0'),
        'mf-player': entry('2.0.0', bad),
        'mf-legal': entry('3.0.0'),
      },
    });

    expect(Object.keys(map.remotes).sort()).toEqual(['mf-auth', 'mf-legal']);
    expect(map.remotes['mf-auth']).toEqual(entry('1.0.0'));
    expect(problems).toEqual([`release map entry "mf-player" has an invalid ${field}`]);
  });

  it('drops an entry that is not an object', () => {
    const { map, problems } = parseReleaseMap({
      schemaVersion: 1,
      remotes: { 'mf-auth': 'https://cdn/mf-manifest.json', 'mf-legal': entry('1.0.0') },
    });

    expect(Object.keys(map.remotes)).toEqual(['mf-legal']);
    expect(problems).toEqual(['release map entry "mf-auth" is not an object']);
  });

  it('ignores an unknown remote name with a problem', () => {
    const { map, problems } = parseReleaseMap({
      schemaVersion: 1,
      remotes: { 'mf-evil': entry('1.0.0'), 'mf-catalog': entry('1.0.0') },
    });

    expect(Object.keys(map.remotes)).toEqual(['mf-catalog']);
    expect(problems).toEqual(['unknown remote "mf-evil" ignored']);
  });

  it('ignores a "__proto__" key from JSON without touching any prototype', () => {
    const raw: unknown = JSON.parse(
      '{"schemaVersion":1,"remotes":{"__proto__":{"version":"1.0.0","manifestUrl":"/x.json"},"mf-auth":{"version":"1.0.0","manifestUrl":"/a.json"}}}',
    );

    const { map, problems } = parseReleaseMap(raw);

    expect(Object.keys(map.remotes)).toEqual(['mf-auth']);
    expect(Object.getPrototypeOf(map.remotes)).toBe(Object.prototype);
    expect(problems).toEqual(['unknown remote "__proto__" ignored']);
  });
});

describe('isRemoteName', () => {
  it('knows exactly the five remotes', () => {
    expect([...REMOTE_NAMES].sort()).toEqual([
      'mf-auth',
      'mf-billing',
      'mf-catalog',
      'mf-legal',
      'mf-player',
    ]);
    for (const name of REMOTE_NAMES) expect(isRemoteName(name)).toBe(true);
    expect(isRemoteName('shell')).toBe(false);
    expect(isRemoteName('toString')).toBe(false);
    expect(isRemoteName(undefined)).toBe(false);
  });
});
