/**
 * A throwaway redis-server for the shared rate-limit tests: started on a free loopback port with
 * its working folder in a temp dir, nothing persisted, removed afterwards (as postgres-cluster.ts
 * does for PostgreSQL).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RedisServer {
  /** redis://127.0.0.1:<port>/<db> */
  url(db?: number): string;
  /** Stops the server (its keys are gone: nothing is persisted) and starts it on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** The redis-server binary, or null when this machine has none. */
export function findRedisServer(): string | null {
  const candidates = [
    process.env.REDIS_SERVER,
    '/usr/bin/redis-server',
    '/usr/local/bin/redis-server',
  ];
  return candidates.find((file) => file && fs.existsSync(file)) ?? null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the server answers PING over RESP, or rejects when it exits first. */
async function waitForPong(port: number, exited: Promise<string>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (pong) return;
    const failed = await Promise.race([
      exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 50)),
    ]);
    if (failed !== null) throw new Error(`redis-server exited: ${failed}`);
    if (attempt > 400) throw new Error('redis-server did not answer PING');
  }
}

export async function startRedisServer(bin: string): Promise<RedisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-redis-'));
  const port = await freePort();
  const launch = async () => {
    const child = spawn(
      bin,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--logfile',
        path.join(dir, 'redis.log'),
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => {
        const log = fs.existsSync(path.join(dir, 'redis.log'))
          ? fs.readFileSync(path.join(dir, 'redis.log'), 'utf8').slice(-2000)
          : '';
        resolve(`code ${code} signal ${signal}\n${log}`);
      }),
    );
    try {
      await waitForPong(port, exited);
    } catch (error) {
      child.kill('SIGKILL');
      throw error;
    }
    return { child, exited };
  };
  let running: Awaited<ReturnType<typeof launch>>;
  try {
    running = await launch();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const halt = async () => {
    if (running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
  };
  return {
    url: (db = 0) => `redis://127.0.0.1:${port}/${db}`,
    async restart() {
      await halt();
      running = await launch();
    },
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite against a throwaway redis-server. Without the binary the suite is skipped with a
 * loud warning, unless CREASE_REQUIRE_REDIS=1 (CI), where that is a failure.
 */
export function describeWithRedis(title: string, suite: (redis: () => RedisServer) => void): void {
  const bin = findRedisServer();
  if (!bin) {
    if (process.env.CREASE_REQUIRE_REDIS === '1')
      throw new Error('CREASE_REQUIRE_REDIS=1 but no redis-server binary was found');
    console.warn(
      `\n\n!!! redis-server not found: "${title}" is skipped. Install redis-server (or set REDIS_SERVER) to run the Redis leg. !!!\n`,
    );
    describe.skip(`${title} [Redis: redis-server not installed]`, () => {
      it('needs redis-server', () => undefined);
    });
    return;
  }
  describe(`${title} [Redis]`, () => {
    let server: RedisServer;
    beforeAll(async () => {
      server = await startRedisServer(bin);
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
    });
    suite(() => server);
  });
}
