/**
 * A real HTTP proxy in front of the API that can lose answers on purpose, as a load balancer or
 * a mobile network does: the request reaches the API and is fully processed (the server has
 * committed), then the client gets a 502 or a dropped connection instead of the answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Loss = '502' | 'drop';

export interface LossyProxy {
  origin: string;
  /** Loses the answers of the next `count` requests whose path starts with `pathPrefix`. */
  loseNext(pathPrefix: string, loss: Loss, count?: number): void;
  /** Every request that came through: path, Idempotency-Key, and what the API answered. */
  seen: { path: string; idempotencyKey: string | undefined; apiStatus: number; lost: boolean }[];
  close(): Promise<void>;
}

export async function startLossyProxy(target: string): Promise<LossyProxy> {
  const plan: { pathPrefix: string; loss: Loss; count: number }[] = [];
  const seen: LossyProxy['seen'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const path = req.url ?? '/';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined && !['host', 'connection', 'content-length'].includes(name))
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const upstream = await fetch(`${target}${path}`, { method: req.method, headers, body });
      // The whole answer is read first: whatever the API did for this request is done.
      const answer = Buffer.from(await upstream.arrayBuffer());
      const rule = plan.find((p) => p.count > 0 && path.startsWith(p.pathPrefix));
      const key = req.headers['idempotency-key'];
      seen.push({
        path,
        idempotencyKey: Array.isArray(key) ? key[0] : key,
        apiStatus: upstream.status,
        lost: Boolean(rule),
      });
      if (rule) {
        rule.count -= 1;
        if (rule.loss === 'drop') {
          req.socket.destroy();
          return;
        }
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return;
      }
      const out: Record<string, string | string[]> = {};
      upstream.headers.forEach((value, name) => {
        if (
          !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)
        )
          out[name] = value;
      });
      const cookies = upstream.headers.getSetCookie();
      if (cookies.length > 0) out['set-cookie'] = cookies;
      res.writeHead(upstream.status, out);
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    loseNext(pathPrefix, loss, count = 1) {
      plan.push({ pathPrefix, loss, count });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
