import http from 'node:http';

/**
 * Viewers of a running edge for release-signal suites: each request leaves from its own source
 * address (any 127.x.y.z is loopback, and each /24 is its own network to the edge), loads real
 * pages to get real release proofs, and sends fallback reports and signal batches as the shell
 * does (text/plain JSON, decisions 131, 155, 411).
 */
export interface EdgeAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface EdgeViewers {
  /** One request from `from` (the viewer's own source address). */
  call(
    pathname: string,
    from: string,
    options?: { method?: string; body?: string; cookie?: string },
  ): Promise<EdgeAnswer>;
  /** A page load by a new browser at `from`: the mf-legal version it was served and its proof. */
  loadPage(from: string): Promise<{ version: string; proof: string }>;
  /** New browsers at `from` until one is served `version` (a canary splits 50 %): its proof. */
  browserServed(version: string, from: string): Promise<string>;
}

/** Viewers of the edge listening on 127.0.0.1 at `port()` (read per request: edges restart). */
export function edgeViewers(port: () => number): EdgeViewers {
  const call: EdgeViewers['call'] = (pathname, from, options = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: port(),
          localAddress: from,
          path: pathname,
          method: options.method ?? 'GET',
          headers: {
            ...(options.body ? { 'content-type': 'text/plain;charset=UTF-8' } : {}),
            ...(options.cookie ? { cookie: options.cookie } : {}),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });

  const loadPage: EdgeViewers['loadPage'] = async (from) => {
    const page = await call('/privacy-policy', from);
    const boot = JSON.parse(/window\.__CREASE__=(.*?);<\/script>/.exec(page.body)![1]!) as {
      releaseMap: { remotes: Record<string, { version: string }> };
      releaseProof: string;
    };
    // (A page from before proofs has none: then forgeries go out with an empty one.)
    return {
      version: boot.releaseMap.remotes['mf-legal']!.version,
      proof: boot.releaseProof ?? '',
    };
  };

  const browserServed: EdgeViewers['browserServed'] = async (version, from) => {
    for (let i = 0; i < 60; i += 1) {
      const page = await loadPage(from);
      if (page.version === version) return page.proof;
    }
    throw new Error(`no browser at ${from} was served ${version}`);
  };

  return { call, loadPage, browserServed };
}

/** A fallback report of mf-legal, as the shell sends it. */
export const fallbackReport = (
  failedVersion: string,
  fallbackVersion: string,
  proof?: string,
  viewer?: string,
) =>
  JSON.stringify({
    remote: 'mf-legal',
    failedVersion,
    fallbackVersion,
    proof,
    ...(viewer ? { viewer } : {}),
  });

const event = (version: string, kind: string) => ({ remote: 'mf-legal', version, kind });

/** A page's worth of signals: 5 views of one mf-legal version and `failures` load failures. */
export const signalBatch = (version: string, failures: number, proof?: string, viewer?: string) =>
  JSON.stringify({
    ...(proof ? { proof } : {}),
    ...(viewer ? { viewer } : {}),
    events: [
      ...Array.from({ length: 5 }, () => event(version, 'view')),
      ...Array.from({ length: failures }, () => event(version, 'load-failure')),
    ],
  });
