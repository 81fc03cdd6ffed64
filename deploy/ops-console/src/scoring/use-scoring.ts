/**
 * One match's scoring in the console (decisions 443, 446): the state the API last confirmed, the
 * presses waiting in the local queue, and the sender that empties it in order. A press is queued
 * first, then sent; a network failure leaves it queued and the sender tries again when the
 * browser is back online (and every few seconds while anything waits). A 409 conflict (another
 * scorer moved the match) stops the sender until the scorer chooses: send after theirs, or drop.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScoringAction, ScoringState } from '@crease/contract';
import { isStaffApiError, isUnauthorized } from '../api/staff-client';
import type { StaffClient } from '../api/staff-client';
import { dequeue, enqueue, readQueue, writeQueue } from './score-queue';
import type { QueuedPress } from './score-queue';

export type Problem =
  | { kind: 'offline'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; code: string; message: string; ballId: string };

const RETRY_MS = 3_000;

const newBallId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function useScoring(
  client: StaffClient,
  eventId: string,
  onUnauthorized: (message: string) => void,
) {
  const [state, setState] = useState<ScoringState | null>(null);
  const [loadError, setLoadError] = useState<{ code: string; message: string } | null>(null);
  const [queue, setQueue] = useState<QueuedPress[]>(() => readQueue(eventId));
  const [problem, setProblem] = useState<Problem | null>(null);
  const stateRef = useRef<ScoringState | null>(null);
  /** The server's clock minus this browser's: picture times are stamped on the server's. */
  const offsetMs = useRef(0);
  const flushing = useRef(false);

  const took = useCallback((next: ScoringState) => {
    stateRef.current = next;
    offsetMs.current = Date.parse(next.serverTime) - Date.now();
    setState(next);
  }, []);

  const failed = useCallback(
    (caught: unknown): Problem | null => {
      if (isUnauthorized(caught)) {
        onUnauthorized((caught as Error).message);
        return null;
      }
      if (!isStaffApiError(caught) || caught.code === 'API_UNREACHABLE' || caught.status >= 500)
        return {
          kind: 'offline',
          message: 'The API cannot be reached. Balls wait here and go when it is back.',
        };
      return null;
    },
    [onUnauthorized],
  );

  const load = useCallback(async () => {
    try {
      took(await client.scoringState(eventId));
      setLoadError(null);
      return true;
    } catch (caught) {
      const offline = failed(caught);
      if (offline) setProblem(offline);
      setLoadError(
        isStaffApiError(caught)
          ? { code: caught.code, message: caught.message }
          : { code: 'CONSOLE_ERROR', message: 'The match could not be loaded.' },
      );
      return false;
    }
  }, [client, eventId, failed, took]);

  /** Sends the waiting presses in order, each at the sequence the previous answer gave. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      if (!stateRef.current && !(await load())) return;
      // The head of the queue each time round: presses made while one is in flight go next.
      for (let press = readQueue(eventId)[0]; press; press = readQueue(eventId)[0]) {
        try {
          const answer = await client.score(eventId, {
            ballId: press.ballId,
            expectedSeq: stateRef.current!.seq,
            pictureTime: press.pictureTime,
            action: press.action,
          });
          took(answer.state);
          setQueue(dequeue(eventId, press.ballId));
          setProblem(null);
        } catch (caught) {
          const offline = failed(caught);
          if (offline) setProblem(offline);
          else if (isStaffApiError(caught) && caught.code === 'SCORING_CONFLICT') {
            setProblem({ kind: 'conflict', message: caught.message });
            await load();
          } else if (isStaffApiError(caught) && !isUnauthorized(caught))
            setProblem({
              kind: 'refused',
              code: caught.code,
              message: caught.message,
              ballId: press.ballId,
            });
          return;
        }
      }
    } finally {
      flushing.current = false;
    }
  }, [client, eventId, failed, load, took]);

  useEffect(() => {
    // The first send loads the match first (and sends whatever a reload left waiting).
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  // While anything waits behind a dropped network, try again every few seconds.
  useEffect(() => {
    if (problem?.kind !== 'offline' || queue.length === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [problem, queue.length, flush]);

  const press = useCallback(
    (action: ScoringAction) => {
      const delay = stateRef.current?.pictureDelayMs ?? 0;
      const pictureTime = new Date(Date.now() + offsetMs.current - delay).toISOString();
      setQueue(enqueue(eventId, { ballId: newBallId(), action, pictureTime }));
      // After a conflict nothing is sent until the scorer has chosen.
      if (problem?.kind !== 'conflict' && problem?.kind !== 'refused') void flush();
    },
    [eventId, flush, problem],
  );

  /** After a conflict or a refusal: send what waits after the match as it now stands. */
  const sendAfterTheirs = useCallback(() => {
    setProblem(null);
    void flush();
  }, [flush]);

  /** Drops one waiting press (a refused one), or every one (after a conflict). */
  const drop = useCallback(
    (ballId?: string) => {
      if (ballId) setQueue(dequeue(eventId, ballId));
      else {
        writeQueue(eventId, []);
        setQueue([]);
      }
      setProblem(null);
      void flush();
    },
    [eventId, flush],
  );

  return { state, loadError, queue, problem, press, sendAfterTheirs, drop, reload: load };
}
