import type { Measured } from '../capacity/measured';

/** A surge run's file as bench:surge writes it (issue 24 §3). */
export const SURGE_RUN: Measured = {
  source: 'bench:surge',
  measuredAt: '2026-11-24T23:00:00.000Z',
  mode: 'cluster',
  machine: { cores: 2, loadavg: [4.1, 3.2, 2.9] },
  viewers: 2000,
  errors: 0,
  rampP99Ms: 180,
  steadyP99Ms: 40,
  apiCpuMsPerViewerMinute: 6,
  pgTransactionsPerViewerMinute: 14,
  redisOpsPerViewerMinute: 0.5,
  viewersPerApiCore: 10_000,
  perCall: { grant: { reqPerSec: 33, p50Ms: 9, p99Ms: 120, errors: 0 } },
};
