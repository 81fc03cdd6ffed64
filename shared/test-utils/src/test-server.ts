import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type TestHandler = (
  request: RecordedRequest,
  response: http.ServerResponse,
) => void | Promise<void>;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  /** Replaces the handler for later requests. */
  handle(handler: TestHandler): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free loopback port. Tests drive our client against it instead of
 * mocking fetch, so headers, bodies, status codes and timing are the real thing.
 */
export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(recorded);
      Promise.resolve(current(recorded, res)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * One real server for a whole test file: started before the first test, closed after the last,
 * its request log emptied before each test. Call at the top level of a test file.
 */
export function testServerForFile(): TestServer {
  let current: TestServer | null = null;
  const live = () => {
    if (!current)
      throw new Error('the test server starts in beforeAll; use it inside tests or hooks');
    return current;
  };
  beforeAll(async () => {
    current = await startTestServer((_request, response) => sendJson(response, 200, {}));
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    if (current) current.requests.length = 0;
  });
  return {
    get origin() {
      return live().origin;
    },
    get requests() {
      return live().requests;
    },
    handle: (handler) => live().handle(handler),
    close: () => live().close(),
  };
}
