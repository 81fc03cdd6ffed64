import { DEFAULT_CONFIG, readBootData } from './boot-data';

const VALID_RELEASE_MAP = {
  schemaVersion: 1,
  remotes: {
    'mf-legal': {
      version: '1.2.0',
      manifestUrl: '/remotes/mf-legal/1.2.0/mf-manifest.json',
      lastKnownGoodManifestUrl: null,
    },
  },
};

const EMPTY_MAP = { schemaVersion: 1, remotes: {} };

describe('readBootData', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'window.__CREASE__'],
    ['a number', 42],
    ['an array', [{ config: {} }]],
  ])('falls back to defaults with a problem when the boot data is %s', (_name, raw) => {
    let boot!: ReturnType<typeof readBootData>;
    expect(() => {
      boot = readBootData(raw);
    }).not.toThrow();

    expect(boot.config).toEqual(DEFAULT_CONFIG);
    expect(boot.releaseMap).toEqual(EMPTY_MAP);
    expect(boot.problems).toEqual(['boot data (window.__CREASE__) is missing']);
  });

  it('the defaults are the product defaults', () => {
    expect(DEFAULT_CONFIG).toEqual({
      productName: 'Crease',
      apiOrigin: null,
      oauthClientId: 'crease-web',
      oauthClientSecret: 'public',
      botCheck: { provider: 'altcha', siteKey: null },
      features: {},
      remoteLoadTimeoutMs: 120_000,
      remoteOverrides: false,
    });
  });

  it('reads a valid config and release map without problems', () => {
    const config = {
      productName: 'Crease Test',
      apiOrigin: 'https://api.crease.test',
      oauthClientId: 'web-2',
      oauthClientSecret: 'public-2',
      botCheck: { provider: 'recaptcha', siteKey: 'site-key' },
      features: { newPlayer: true, beta: false },
      remoteLoadTimeoutMs: 30_000,
      remoteOverrides: true,
    };

    const boot = readBootData({
      config,
      releaseMap: VALID_RELEASE_MAP,
      releaseMapEtag: '"mH0Kb8tQ-v2"',
    });

    expect(boot.problems).toEqual([]);
    expect(boot.config).toEqual(config);
    expect(boot.releaseMap).toEqual(VALID_RELEASE_MAP);
    expect(boot.releaseMapEtag).toBe('"mH0Kb8tQ-v2"');
  });

  it('reads the release proof, and treats anything else as none (decision 155)', () => {
    const proof = `eyJ2IjoxfQ.${'A'.repeat(43)}`;
    expect(readBootData({ releaseMap: VALID_RELEASE_MAP, releaseProof: proof })).toMatchObject({
      releaseProof: proof,
      problems: [],
    });
    // The static tier's pages carry none.
    expect(readBootData({ releaseMap: VALID_RELEASE_MAP, releaseProof: null })).toMatchObject({
      releaseProof: null,
      problems: [],
    });
    const bad = readBootData({ releaseMap: VALID_RELEASE_MAP, releaseProof: '<script>' });
    expect(bad.releaseProof).toBeNull();
    expect(bad.problems).toEqual([expect.stringMatching(/^releaseProof is invalid/)]);
  });

  it('replaces every field of the wrong type with its default and reports it', () => {
    const boot = readBootData({
      config: {
        productName: 7,
        apiOrigin: 'javascript:alert(1)',
        oauthClientId: '',
        oauthClientSecret: ['x'],
        botCheck: { provider: 'captcha-of-the-month', siteKey: 9 },
        features: { ok: true, notBoolean: 'yes', alsoNot: 1 },
        remoteLoadTimeoutMs: '120000',
      },
      releaseMap: VALID_RELEASE_MAP,
    });

    expect(boot.config).toEqual({ ...DEFAULT_CONFIG, features: { ok: true } });
    expect(boot.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('productName'),
        expect.stringContaining('apiOrigin'),
        expect.stringContaining('oauthClientId'),
        expect.stringContaining('oauthClientSecret'),
      ]),
    );
    expect(boot.releaseMap).toEqual(VALID_RELEASE_MAP);
  });

  it.each([
    ['with a path', 'https://api.crease.tv/v1'],
    ['with a trailing slash', 'https://api.crease.tv/'],
    ['protocol-relative', '//api.crease.tv'],
    ['ftp', 'ftp://api.crease.tv'],
    ['a number', 443],
  ])('rejects an apiOrigin %s and derives it from the page instead', (_name, apiOrigin) => {
    const boot = readBootData({ config: { apiOrigin }, releaseMap: EMPTY_MAP });
    expect(boot.config.apiOrigin).toBeNull();
    expect(boot.problems).toEqual(['config.apiOrigin is invalid; deriving it from the page']);
  });

  it.each([['on'], [1], ['true']])(
    'enables developer overrides only for the literal true, not %p',
    (remoteOverrides) => {
      const boot = readBootData({ config: { remoteOverrides }, releaseMap: EMPTY_MAP });
      expect(boot.config.remoteOverrides).toBe(false);
    },
  );

  it.each([
    ['unquoted', 'abc'],
    ['with a newline', '"a\nb"'],
    ['too long', `"${'a'.repeat(201)}"`],
    ['a number', 5],
  ])('ignores a releaseMapEtag that is %s', (_name, releaseMapEtag) => {
    const boot = readBootData({ config: {}, releaseMap: EMPTY_MAP, releaseMapEtag });
    expect(boot.releaseMapEtag).toBeNull();
    expect(boot.problems).toEqual([
      'releaseMapEtag is invalid; the first map check downloads the map',
    ]);
  });

  it('accepts a weak ETag (nginx adds W/ when it compresses)', () => {
    expect(
      readBootData({ config: {}, releaseMap: EMPTY_MAP, releaseMapEtag: 'W/"66f-1a2"' })
        .releaseMapEtag,
    ).toBe('W/"66f-1a2"');
  });

  it('rejects a product name longer than 60 characters', () => {
    const boot = readBootData({ config: { productName: 'C'.repeat(61) }, releaseMap: EMPTY_MAP });
    expect(boot.config.productName).toBe('Crease');
    expect(boot.problems).toEqual(['config.productName is invalid; using the default']);
  });

  it.each([0, -1, 600_001, Number.NaN])(
    'ignores a remoteLoadTimeoutMs of %p',
    (remoteLoadTimeoutMs) => {
      const boot = readBootData({ config: { remoteLoadTimeoutMs }, releaseMap: EMPTY_MAP });
      expect(boot.config.remoteLoadTimeoutMs).toBe(120_000);
    },
  );

  it('uses defaults with a problem when config is not an object', () => {
    const boot = readBootData({ config: 'nope', releaseMap: VALID_RELEASE_MAP });

    expect(boot.config).toEqual(DEFAULT_CONFIG);
    expect(boot.problems).toEqual(['config is not an object; using defaults']);
    expect(boot.releaseMap).toEqual(VALID_RELEASE_MAP);
  });

  it('reports a missing release map and boots with no remotes', () => {
    const boot = readBootData({ config: {} });

    expect(boot.config).toEqual(DEFAULT_CONFIG);
    expect(boot.releaseMap).toEqual(EMPTY_MAP);
    expect(boot.problems).toEqual(['release map is not an object']);
  });

  it('keeps the good remotes of a partly bad release map and reports the bad ones', () => {
    const boot = readBootData({
      releaseMap: {
        schemaVersion: 1,
        remotes: {
          ...VALID_RELEASE_MAP.remotes,
          'mf-auth': { version: '1.0.0', manifestUrl: 'javascript:alert(1)' },
        },
      },
    });

    expect(Object.keys(boot.releaseMap.remotes)).toEqual(['mf-legal']);
    expect(boot.problems).toEqual(['release map entry "mf-auth" has an invalid manifestUrl']);
  });
});
