/**
 * The surge's HTTP client: node:http over keep-alive pools, one pool per host:port, with the
 * Host header set by hand so `api.localhost` and `cdn.localhost` (nginx's virtual hosts) work
 * without any resolver. Every answer is timed and handed to the caller's check; a request that
 * gets no answer (refused, reset, timed out) is an answer too: status 0 with the error's words.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  body: string;
  /** Milliseconds from the request being written to its last byte read. */
  ms: number;
  /** Why there was no HTTP answer (status 0), else ''. */
  error: string;
  /** Set-Cookie lines (the XSRF cookie of the first call). */
  setCookie: string[];
}

/** No answer within this is a failure (the API's own budget is far below it). */
const TIMEOUT_MS = 15_000;

export class SurgeHttp {
  private readonly agents = new Map<string, http.Agent>();

  constructor(
    /** Sockets per host:port: the connections a CDN or load balancer would keep open. */
    private readonly maxSockets: number,
  ) {}

  private agentFor(key: string): http.Agent {
    let agent = this.agents.get(key);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: this.maxSockets });
      this.agents.set(key, agent);
    }
    return agent;
  }

  request(
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<Answer> {
    const target = new URL(url);
    const port = Number(target.port || 80);
    const started = performance.now();
    return new Promise((resolve) => {
      const done = (status: number, text: string, error = '', setCookie: string[] = []) =>
        resolve({ status, body: text, ms: performance.now() - started, error, setCookie });
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `${target.pathname}${target.search}`,
          agent: this.agentFor(`${port}`),
          headers: {
            host: target.host,
            ...headers,
            // A bodiless POST or DELETE says so (not chunked), as a browser's fetch does.
            ...(body === undefined
              ? method === 'GET'
                ? {}
                : { 'content-length': 0 }
              : { 'content-length': Buffer.byteLength(body) }),
          },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            done(
              response.statusCode ?? 0,
              Buffer.concat(chunks).toString('utf8'),
              '',
              response.headers['set-cookie'] ?? [],
            ),
          );
          response.on('error', (error) => done(0, '', error.message));
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer in ${TIMEOUT_MS} ms`)));
      request.on('error', (error) => done(0, '', error.message));
      request.end(body);
    });
  }

  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
  }
}
