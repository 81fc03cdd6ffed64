/**
 * One child process of the cluster: started with its own environment and log file, waited for
 * until its port answers, killed (SIGKILL for a fault test, SIGTERM to stop) and started again.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The loopback port it serves; "ready" means a TCP connection there succeeds. */
  port: number;
  logFile: string;
  cwd?: string;
}

/** Resolves once 127.0.0.1:<port> accepts a connection; rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, exited?: () => boolean) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (exited?.()) throw new Error(`the process for port ${port} exited before it listened`);
    if (Date.now() > deadline)
      throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export class ManagedProcess {
  private child: ChildProcess | null = null;
  private exitCode: number | null = null;

  constructor(readonly spec: ProcessSpec) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.exitCode === null;
  }

  /** The last lines of its log (stdout and stderr), to say why it died. */
  logTail(lines = 30): string {
    if (!fs.existsSync(this.spec.logFile)) return '';
    return fs.readFileSync(this.spec.logFile, 'utf8').split('\n').slice(-lines).join('\n');
  }

  async start(timeoutMs = 120_000): Promise<void> {
    const log = fs.openSync(this.spec.logFile, 'a');
    this.exitCode = null;
    const child = spawn(this.spec.command, this.spec.args, {
      cwd: this.spec.cwd,
      env: { ...process.env, ...this.spec.env },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.exitCode = code ?? (signal ? 128 : 1);
    });
    try {
      await waitForPort(this.spec.port, timeoutMs, () => this.exitCode !== null);
    } catch (error) {
      throw new Error(`${this.spec.name}: ${(error as Error).message}\n${this.logTail(15)}`);
    }
  }

  /** Sends `signal` and waits for the exit (SIGKILL: a crash; SIGTERM: a clean stop). */
  async kill(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || this.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
    this.exitCode ??= 1;
  }

  async restart(): Promise<void> {
    await this.kill('SIGTERM');
    await this.start();
  }
}
