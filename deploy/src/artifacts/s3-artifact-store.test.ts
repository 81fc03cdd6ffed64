/** @jest-environment node */
import path from 'node:path';
import S3rver from 's3rver';
import { ReleaseRegistry } from '../registry/release-registry';
import { tempDir, writeBuild } from '../testing/release-fixtures';
import { S3ArtifactStore } from './s3-artifact-store';

/** A real S3-compatible server (s3rver) on a free port. */
let server: S3rver;
let endpoint: string;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tempDir('crease-s3rver-'),
    configureBuckets: [{ name: 'artifacts' }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => server.close());

const store = (accessKeyId = 'S3RVER') =>
  new S3ArtifactStore({
    bucket: 'artifacts',
    endpoint,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey: 'S3RVER',
    prefix: 'crease/',
  });

describe('S3 artifact store', () => {
  it('publishes a build once, with immutable cache headers, and reads it back', async () => {
    const build = writeBuild(path.join(tempDir('crease-s3-build-'), 'legal'), 'mf-legal', '^1');
    const s3 = store();
    const published = await s3.publish('mf-legal', build, '1.0.0');
    expect(published).toMatchObject({ app: 'mf-legal', created: true });
    expect(published.version).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(await s3.has('mf-legal', published.version)).toBe(true);
    expect(String(await s3.readFile('mf-legal', published.version, 'nested/chunk.js'))).toBe(
      '/* chunk one */',
    );
    expect(await s3.readFile('mf-legal', published.version, 'missing.js')).toBeNull();
    expect(await s3.has('mf-legal', '1.0.0-0000000000')).toBe(false);
    expect(await s3.publish('mf-legal', build, '1.0.0')).toMatchObject({ created: false });

    // What the CDN would fetch from the bucket: the object with its headers.
    const direct = await fetch(
      `${endpoint}/artifacts/crease/apps/mf-legal/${published.version}/remoteEntry.js`,
    );
    expect(direct.status).toBe(200);
    expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(direct.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('backs the registry: promote reads the contract range from the manifest in the bucket', async () => {
    const dataDir = tempDir('crease-s3-registry-');
    const registry = new ReleaseRegistry({
      registryDir: path.join(dataDir, 'registry'),
      store: store(),
      liveMapFile: path.join(dataDir, 'release-map.json'),
      assetOrigin: 'https://cdn.example.com',
    });
    const shell = writeBuild(path.join(dataDir, 'b', 'shell'), 'shell', 1);
    const legal = writeBuild(path.join(dataDir, 'b', 'legal'), 'mf-legal', '^2', 'two');
    const s = await registry.publish('shell', shell, '1.0.0', { actor: 'ci' });
    const l = await registry.publish('mf-legal', legal, '1.0.0', { actor: 'ci' });
    await registry.promote({ shell: s.version }, { actor: 'ci' });
    await expect(
      registry.promote({ 'mf-legal': l.version }, { actor: 'ci' }),
    ).rejects.toMatchObject({ code: 'CONTRACT_MISMATCH' });
    expect(registry.liveState().shell?.version).toBe(s.version);
  });

  // s3rver checks the access key id (it does not recompute SigV4 signatures).
  it('fails loudly with unknown credentials instead of pretending', async () => {
    const build = writeBuild(path.join(tempDir('crease-s3-build-'), 'auth'), 'mf-auth', '^1');
    await expect(store('NOT-A-KEY').publish('mf-auth', build, '1.0.0')).rejects.toThrow(
      /S3 (HEAD|PUT).*failed: 403/,
    );
  });
});
