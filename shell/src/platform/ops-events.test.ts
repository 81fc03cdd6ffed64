/** @jest-environment node */
import { testServerForFile } from '@crease/test-utils';
import { REMOTE_FALLBACK_PATH, reportRemoteFallback } from './ops-events';

const server = testServerForFile();
const REPORT = {
  remote: 'mf-legal',
  failedVersion: '1.0.0-broken',
  fallbackVersion: '1.0.0-good',
} as const;

async function nextRequest() {
  for (let i = 0; i < 100 && server.requests.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return server.requests[0];
}

describe('reportRemoteFallback', () => {
  beforeEach(() =>
    server.handle((_request, response) => {
      response.writeHead(204);
      response.end();
    }),
  );

  it('sends the report as a beacon of JSON in text/plain', async () => {
    const beacons: { url: string; type: string; body: string }[] = [];
    const fetchImpl = jest.fn<Promise<Response>, Parameters<typeof fetch>>();

    reportRemoteFallback(REPORT, `${server.origin}${REMOTE_FALLBACK_PATH}`, {
      sendBeacon: (url, data) => {
        void data.text().then((body) => beacons.push({ url, type: data.type, body }));
        return true;
      },
      fetchImpl,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(beacons).toEqual([
      {
        url: `${server.origin}/_ops/remote-fallback`,
        type: 'text/plain;charset=utf-8',
        body: JSON.stringify(REPORT),
      },
    ]);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it.each([
    ['the browser queues no beacon', { sendBeacon: () => false }],
    ['there is no sendBeacon', {}],
    [
      'sendBeacon throws',
      {
        sendBeacon: () => {
          throw new TypeError('not allowed');
        },
      },
    ],
  ])('falls back to a keepalive POST when %s', async (_name, transport) => {
    reportRemoteFallback(REPORT, `${server.origin}${REMOTE_FALLBACK_PATH}`, transport);

    const request = await nextRequest();

    expect(request).toMatchObject({ method: 'POST', url: REMOTE_FALLBACK_PATH });
    expect(request?.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(JSON.parse(request?.body ?? '')).toEqual(REPORT);
  });

  it("carries the page's release proof, and none when the page has none (the static tier)", async () => {
    const bodies: string[] = [];
    const transport = {
      sendBeacon: (_url: string, data: Blob) => {
        void data.text().then((body) => bodies.push(body));
        return true;
      },
    };
    reportRemoteFallback({ ...REPORT, proof: 'payload.signature' }, '/f', transport);
    reportRemoteFallback({ ...REPORT, proof: null }, '/f', transport);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies.map((body) => JSON.parse(body) as unknown)).toEqual([
      { ...REPORT, proof: 'payload.signature' },
      REPORT,
    ]);
  });

  it("carries the signed-in viewer's access token, and none for an anonymous viewer (decision 411)", async () => {
    const bodies: string[] = [];
    const transport = {
      sendBeacon: (_url: string, data: Blob) => {
        void data.text().then((body) => bodies.push(body));
        return true;
      },
    };
    reportRemoteFallback({ ...REPORT, proof: 'p.s', viewer: 'h.p.s' }, '/f', transport);
    reportRemoteFallback({ ...REPORT, proof: 'p.s', viewer: null }, '/f', transport);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies.map((body) => JSON.parse(body) as unknown)).toEqual([
      { ...REPORT, proof: 'p.s', viewer: 'h.p.s' },
      { ...REPORT, proof: 'p.s' },
    ]);
  });

  it('never throws when the report cannot be delivered', async () => {
    await server.close();
    expect(() =>
      reportRemoteFallback(REPORT, `${server.origin}${REMOTE_FALLBACK_PATH}`, {}),
    ).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
