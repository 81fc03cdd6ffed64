/// <reference lib="webworker" />
// The ALTCHA proof of work, off the main thread: thousands of hashes never stall typing or
// clicks in the form that asked for them (decision 123). One challenge per worker.
import { solveAltcha } from './altcha-solver';
import type { AltchaChallenge } from './altcha-solver';

export type SolverAnswer = { number: number } | { error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = async (event: MessageEvent<AltchaChallenge>) => {
  let answer: SolverAnswer;
  try {
    answer = { number: await solveAltcha(event.data) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};
