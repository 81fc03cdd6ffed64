/**
 * The scorer's local queue (decision 446): every press is kept in localStorage before it is sent,
 * in order, with the id the server knows it by; it leaves the queue only when the API has
 * answered that it recorded it (or the scorer drops it). A reload, a crash or a dropped network
 * loses nothing. What is read back is checked item by item: garbage (another version, a hand
 * edit, a full disk's half write) is skipped, never thrown.
 */
import type { ScoringAction } from '@crease/contract';

export interface QueuedPress {
  /** The id the server records the press by: a resend is recorded once. */
  ballId: string;
  action: ScoringAction;
  /** The picture's time when the scorer pressed (ISO). */
  pictureTime: string;
}

const PREFIX = 'crease.ops.scoring.queue.';
export const queueKey = (eventId: string) => `${PREFIX}${eventId}`;

const isPress = (value: unknown): value is QueuedPress => {
  if (value === null || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.ballId === 'string' &&
    /^[A-Za-z0-9-]{8,64}$/.test(item.ballId) &&
    typeof item.pictureTime === 'string' &&
    Number.isFinite(Date.parse(item.pictureTime)) &&
    item.action !== null &&
    typeof item.action === 'object' &&
    typeof (item.action as { kind?: unknown }).kind === 'string'
  );
};

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked: the queue lives in memory for this tab only
  }
}

const memory = new Map<string, QueuedPress[]>();

/** The presses waiting for this match, oldest first. */
export function readQueue(eventId: string): QueuedPress[] {
  const store = storage();
  if (!store) return [...(memory.get(eventId) ?? [])];
  let parsed: unknown;
  try {
    parsed = JSON.parse(store.getItem(queueKey(eventId)) ?? '[]');
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter(isPress) : [];
}

export function writeQueue(eventId: string, queue: readonly QueuedPress[]): void {
  const store = storage();
  if (!store) {
    memory.set(eventId, [...queue]);
    return;
  }
  try {
    if (queue.length === 0) store.removeItem(queueKey(eventId));
    else store.setItem(queueKey(eventId), JSON.stringify(queue));
  } catch {
    memory.set(eventId, [...queue]); // quota: keep it for this tab at least
  }
}

export function enqueue(eventId: string, press: QueuedPress): QueuedPress[] {
  const next = [...readQueue(eventId), press];
  writeQueue(eventId, next);
  return next;
}

/** Removes the press with `ballId` (recorded, or dropped by the scorer). */
export function dequeue(eventId: string, ballId: string): QueuedPress[] {
  const next = readQueue(eventId).filter((p) => p.ballId !== ballId);
  writeQueue(eventId, next);
  return next;
}
