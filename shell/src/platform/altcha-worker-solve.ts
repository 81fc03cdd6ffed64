import { solveAltcha } from './altcha-solver';
import type { AltchaChallenge } from './altcha-solver';
import type { SolverAnswer } from './altcha.worker';

/**
 * Solves a challenge in a dedicated worker (altcha.worker.ts, a chunk of the shell's own build,
 * served from the site's origin: CSP `worker-src` falls back to `script-src 'self'`). Where a
 * worker cannot start (no Worker, blocked, failed to load) it solves on the main thread instead,
 * so the bot check still works, only less smoothly.
 */
export function solveInWorker(challenge: AltchaChallenge): Promise<number> {
  if (typeof Worker === 'undefined') return solveAltcha(challenge);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { name: 'altcha' });
  } catch {
    return solveAltcha(challenge);
  }
  return new Promise<number>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<SolverAnswer>) => {
      worker.terminate();
      if ('number' in event.data) resolve(event.data.number);
      else reject(new Error(event.data.error));
    };
    // The worker script did not load or crashed before answering: solve here instead.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      solveAltcha(challenge).then(resolve, reject);
    };
    worker.postMessage(challenge);
  });
}
