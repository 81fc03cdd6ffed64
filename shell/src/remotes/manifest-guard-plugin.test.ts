/** @jest-environment node */
import { sendJson, testServerForFile } from '@crease/test-utils';
import { ManifestFetchError, manifestGuardPlugin } from './manifest-guard-plugin';

const server = testServerForFile();

async function fetchManifest(path: string): Promise<Response> {
  const plugin = manifestGuardPlugin();
  const result = await plugin.fetch!(`${server.origin}${path}`, {});
  if (!(result instanceof Response)) throw new Error('the plugin did not return a Response');
  return result;
}

async function manifestError(promise: Promise<unknown>): Promise<ManifestFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ManifestFetchError) return error;
    throw error;
  }
  throw new Error('expected a ManifestFetchError');
}

describe('manifestGuardPlugin', () => {
  it('turns a 404 into a ManifestFetchError that names the status', async () => {
    server.handle((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not Found');
    });

    const error = await manifestError(fetchManifest('/remotes/mf-legal/9.9.9/mf-manifest.json'));

    expect(error.name).toBe('ManifestFetchError');
    expect(error.message).toContain('404');
    expect(error.message).toContain('/remotes/mf-legal/9.9.9/mf-manifest.json');
  });

  it('turns a 5xx into a ManifestFetchError', async () => {
    server.handle((_request, response) => sendJson(response, 502, { error: 'bad gateway' }));

    const error = await manifestError(fetchManifest('/m.json'));

    expect(error.message).toContain('502');
  });

  it('turns a 200 HTML page (an SPA fallback) into a "not JSON" ManifestFetchError', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Crease</title>');
    });

    const error = await manifestError(fetchManifest('/remotes/mf-legal/1.0.0/mf-manifest.json'));

    expect(error.message).toContain('not JSON');
    expect(error.message).toContain('text/html');
  });

  it('returns the response of a 200 application/json manifest, body unread', async () => {
    const manifest = { id: 'mf-legal', name: 'mf-legal', metaData: { creaseContract: '^1' } };
    server.handle((_request, response) => sendJson(response, 200, manifest));

    const response = await fetchManifest('/remotes/mf-legal/1.0.0/mf-manifest.json');

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(manifest);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url).toBe('/remotes/mf-legal/1.0.0/mf-manifest.json');
  });

  it('accepts a JSON media type with parameters', async () => {
    server.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/manifest+json; charset=utf-8' });
      response.end('{}');
    });

    await expect(fetchManifest('/m.json')).resolves.toBeInstanceOf(Response);
  });
});
