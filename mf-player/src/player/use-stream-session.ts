import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  CatalogEvent,
  EntitlementReason,
  Platform,
  RegisteredDevice,
  StreamGrant,
  StreamToken,
  VideoQuality,
} from '@crease/contract';
import {
  closeStream,
  failureOf,
  readDevices,
  readEvent,
  readVideoQuality,
  renewToken,
  requestStream,
  saveVideoQuality,
  sendHeartbeat,
  signOutDevice,
} from '../api/player-client';
import type { PlayerFailure } from '../api/player-client';
import { preloadHls } from '../playback/playback-engine';
import { renewDelayMs } from '../playback/token-url';
import { HeartbeatScheduler } from '../trial/heartbeat-scheduler';

/** What the screen shows; every failure is a designed state (decision 116). */
export type SessionPhase =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'not-started'; startTime: string }
  | { kind: 'ended' }
  | { kind: 'not-entitled'; reason: EntitlementReason | null; midStream: boolean }
  | { kind: 'stream-limit'; devices: RegisteredDevice[]; maxDevices: number; busy: boolean }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string }
  | { kind: 'watching'; grant: StreamGrant };

export interface TrialTime {
  secondsLeft: number | null;
  todaySecondsLeft: number | null;
}

/** How often a not-started event is asked whether its stream began (the catalog's max-age). */
const NOT_STARTED_POLL_MS = 5000;
/** Retry after no answer at all (the API or the network is down): soon, then less often. */
const OFFLINE_RETRY_MS = [1000, 2000, 4000, 8000];

/** The edge the player last played from, so a reload asks for the same one (SPEC edgeAddress). */
let lastEdge = '';

export interface StreamSession {
  phase: SessionPhase;
  event: CatalogEvent | null;
  quality: VideoQuality;
  /** The token playlist and segment requests carry now (renewed in the background). */
  token: StreamToken | null;
  trial: TrialTime;
  retry(): void;
  signOutDevice(vidictId: string): void;
  chooseQuality(quality: VideoQuality): void;
  /** The video says whether the viewer is really watching (playing and visible). */
  setWatching(watching: boolean): void;
  /** The viewer paused or resumed (metered streams close while paused). */
  setPaused(paused: boolean): void;
  /** Playback was refused by the origin (403): renew now; resolves to the new token or null. */
  renewNow(): Promise<StreamToken | null>;
  /** The picture reached the end of the stream (EXT-X-ENDLIST). */
  streamEnded(): void;
}

/** Answers the renewals that waited for a resumed stream (null: there is none). */
function wakeResumeWaiters(
  waiters: { current: ((token: StreamToken | null) => void)[] },
  token: StreamToken | null,
) {
  const waiting = waiters.current;
  waiters.current = [];
  for (const wake of waiting) wake(token);
}

/**
 * One viewing: asks for the stream (SPEC Edge stream request → Channel stream), keeps its token
 * fresh, sends trial heartbeats, and closes it when the screen goes. Nothing here decides access:
 * the API's answers do (ARCHITECTURE §8).
 */
export function useStreamSession(
  platform: Platform,
  eventId: string,
  /** Asks the shell to register this device again (it does so at a route change). */
  reRegisterDevice: () => void,
): StreamSession {
  const { http, device } = platform;
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'loading' });
  const [event, setEvent] = useState<CatalogEvent | null>(null);
  const [quality, setQuality] = useState<VideoQuality>('AUTO');
  const [token, setToken] = useState<StreamToken | null>(null);
  const [trial, setTrial] = useState<TrialTime>({ secondsLeft: null, todaySecondsLeft: null });
  const [attempt, setAttempt] = useState(0);
  const grantRef = useRef<StreamGrant | null>(null);
  /** The granted stream now open (a metered one is closed while paused: decision 118). */
  const [active, setActive] = useState<StreamGrant | null>(null);
  const suspendedRef = useRef<StreamGrant | null>(null);
  const resumingRef = useRef(false);
  /** Renewals asked for while paused or resuming: they get the resumed stream's token. */
  const resumeWaitersRef = useRef<((token: StreamToken | null) => void)[]>([]);
  const qualityRef = useRef<VideoQuality>('AUTO');
  const tokenRef = useRef<StreamToken | null>(null);
  const heartbeatsRef = useRef<HeartbeatScheduler | null>(null);
  const watchingRef = useRef(false);
  const offlineTriesRef = useRef(0);

  const stopStream = useCallback(
    (next: SessionPhase) => {
      heartbeatsRef.current?.stop();
      heartbeatsRef.current = null;
      const grant = grantRef.current;
      grantRef.current = null;
      suspendedRef.current = null;
      wakeResumeWaiters(resumeWaitersRef, null);
      if (grant) closeStream(http, grant.streamId);
      setActive(null);
      setPhase(next);
    },
    [http],
  );

  const fail = useCallback(
    (failure: PlayerFailure, midStream: boolean) => {
      switch (failure.kind) {
        case 'not-found':
          return stopStream({ kind: 'not-found' });
        case 'not-entitled':
          return stopStream({ kind: 'not-entitled', reason: failure.reason, midStream });
        case 'stream-limit':
          return stopStream({
            kind: 'stream-limit',
            devices: failure.devices,
            maxDevices: failure.maxDevices,
            busy: false,
          });
        case 'offline':
          return stopStream({ kind: 'offline' });
        case 'device-unregistered':
          // The account is at maxDevices without this browser: the same choice as a 409.
          stopStream({ kind: 'loading' });
          readDevices(http)
            .then((list) =>
              setPhase({
                kind: 'stream-limit',
                devices: list.devices,
                maxDevices: list.maxDevices,
                busy: false,
              }),
            )
            .catch(() => setPhase({ kind: 'failed', message: failure.message }));
          return;
        default:
          return stopStream({ kind: 'failed', message: failure.message });
      }
    },
    [stopStream, http],
  );

  // Start (and restart on retry): the account's quality and the stream in one chain, the event
  // beside it, so the first frame waits for two round trips, not three.
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;

    const start = async () => {
      preloadHls().catch(() => undefined);
      const eventRead = readEvent(http, eventId, signal);
      const grantRead = readVideoQuality(http, signal).then((saved) => {
        if (!signal.aborted) {
          setQuality(saved);
          qualityRef.current = saved;
        }
        return requestStream(
          http,
          { edgeAddress: lastEdge, pk: eventId, vidictId: device.vidictId, videoQuality: saved },
          signal,
        );
      });
      // Neither may reject unobserved while the other is awaited.
      eventRead.catch(() => undefined);
      grantRead.catch(() => undefined);
      const current = await eventRead;
      if (signal.aborted) return;
      setEvent(current);
      if (current.eventStatus === 'ended') {
        grantRead.then((grant) => closeStream(http, grant.streamId)).catch(() => undefined);
        setPhase({ kind: 'ended' });
        return;
      }
      const grant = await grantRead;
      if (signal.aborted) {
        closeStream(http, grant.streamId);
        return;
      }
      if (grant.eventStatus !== 'live') {
        closeStream(http, grant.streamId);
        if (grant.eventStatus === 'ended') setPhase({ kind: 'ended' });
        else {
          setPhase({ kind: 'not-started', startTime: current.startTime });
          pollTimer = setTimeout(() => setAttempt((n) => n + 1), NOT_STARTED_POLL_MS);
        }
        return;
      }
      lastEdge = grant.edge;
      offlineTriesRef.current = 0;
      grantRef.current = grant;
      suspendedRef.current = null;
      setActive(grant);
      tokenRef.current = grant.playback;
      setToken(grant.playback);
      setTrial({
        secondsLeft: grant.trialSecondsLeft,
        todaySecondsLeft: grant.trialTodaySecondsLeft,
      });
      setPhase({ kind: 'watching', grant });
    };

    start().catch(async (error: unknown) => {
      if (signal.aborted) return;
      const failure = await failureOf(error).catch(() => null);
      if (!failure || signal.aborted) return;
      fail(failure, false);
      if (failure.kind === 'offline') {
        const wait =
          OFFLINE_RETRY_MS[Math.min(offlineTriesRef.current, OFFLINE_RETRY_MS.length - 1)]!;
        offlineTriesRef.current += 1;
        pollTimer = setTimeout(() => setAttempt((n) => n + 1), wait);
      }
    });

    return () => {
      controller.abort();
      clearTimeout(pollTimer);
      // The played part's heartbeat goes out before the stream is closed.
      heartbeatsRef.current?.setWatching(false);
      heartbeatsRef.current?.stop();
      heartbeatsRef.current = null;
      const grant = grantRef.current;
      grantRef.current = null;
      if (grant) closeStream(http, grant.streamId);
    };
  }, [http, device.vidictId, eventId, attempt, fail]);

  // Back online: try again at once rather than wait for the next retry.
  useEffect(() => {
    if (phase.kind !== 'offline') return;
    const online = () => setAttempt((n) => n + 1);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [phase.kind]);

  const streamId = active?.streamId ?? null;
  const heartbeatSeconds = active?.heartbeatSeconds ?? null;

  const renew = useCallback(async (): Promise<StreamToken | null> => {
    const grant = grantRef.current;
    if (!grant) {
      // A paused trial stream is closed and its token refused (decision 151): a renewal now
      // (the origin's 403) waits for the stream the resume grants, instead of retrying at once.
      if (!suspendedRef.current && !resumingRef.current) return null;
      return new Promise<StreamToken | null>((resolve) => resumeWaitersRef.current.push(resolve));
    }
    try {
      const next = await renewToken(http, grant.streamId);
      if (grantRef.current !== grant) return null;
      tokenRef.current = next;
      setToken(next);
      return next;
    } catch (error) {
      const failure = await failureOf(error).catch(() => null);
      if (!failure || grantRef.current !== grant) return null;
      // No answer: keep playing on the current token and try again (the timer below).
      if (failure.kind === 'offline') return null;
      fail(failure.kind === 'stream-gone' ? { ...failure, kind: 'failed' } : failure, true);
      return null;
    }
  }, [http, fail]);

  // Token renewal, before renewAt, in the background: playback never waits for it.
  useEffect(() => {
    if (!streamId || !token) return;
    const expiresAt = Date.parse(token.expiresAt);
    const delay = renewDelayMs(token, Date.now());
    const timer = setTimeout(() => {
      void renew().then((next) => {
        // Not renewed and not refused (no answer): try again while the old token still works.
        if (!next && grantRef.current && tokenRef.current === token && Date.now() < expiresAt) {
          setToken({ ...token });
        }
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [streamId, token, renew]);

  // Trial heartbeats while really watching (decision 118).
  useEffect(() => {
    if (!streamId || !heartbeatSeconds) return;
    const scheduler = new HeartbeatScheduler(heartbeatSeconds, (heartbeat) => {
      sendHeartbeat(http, streamId, heartbeat)
        .then((result) => {
          setTrial({
            secondsLeft: result.trialSecondsLeft,
            todaySecondsLeft: result.trialTodaySecondsLeft,
          });
          if (!result.entitled && grantRef.current?.streamId === streamId) {
            fail({ kind: 'not-entitled', status: 403, message: '', reason: result.reason }, true);
          }
        })
        .catch(() => undefined);
    });
    heartbeatsRef.current = scheduler;
    scheduler.setWatching(watchingRef.current);
    return () => {
      // A last heartbeat for the part played before the stream closes.
      scheduler.setWatching(false);
      scheduler.stop();
      if (heartbeatsRef.current === scheduler) heartbeatsRef.current = null;
    };
  }, [http, streamId, heartbeatSeconds, fail]);

  const setWatching = useCallback((watching: boolean) => {
    watchingRef.current = watching;
    heartbeatsRef.current?.setWatching(watching);
  }, []);

  /**
   * A metered (trial) stream is closed on pause, so no paused second is counted (the server
   * counts an open stream's wall time until its lease ends), and a new one is granted on resume.
   * The picture does not wait: it plays from the buffer while the grant is made. The closed
   * stream's token is refused within seconds (decision 151), so the view stops loading while
   * paused and loads on with the resumed stream's token.
   */
  const setPaused = useCallback(
    (paused: boolean) => {
      if (paused) {
        const grant = grantRef.current;
        if (!grant?.heartbeatSeconds) return;
        heartbeatsRef.current?.stop();
        heartbeatsRef.current = null;
        grantRef.current = null;
        suspendedRef.current = grant;
        closeStream(http, grant.streamId);
        setActive(null);
        return;
      }
      const suspended = suspendedRef.current;
      if (!suspended) return;
      suspendedRef.current = null;
      resumingRef.current = true;
      requestStream(http, {
        edgeAddress: suspended.edge,
        pk: suspended.eventId,
        vidictId: device.vidictId,
        videoQuality: qualityRef.current,
      })
        .then((grant) => {
          grantRef.current = grant;
          tokenRef.current = grant.playback;
          setToken(grant.playback);
          setActive(grant);
          setTrial({
            secondsLeft: grant.trialSecondsLeft,
            todaySecondsLeft: grant.trialTodaySecondsLeft,
          });
          resumingRef.current = false;
          wakeResumeWaiters(resumeWaitersRef, grant.playback);
        })
        .catch(async (error: unknown) => {
          resumingRef.current = false;
          wakeResumeWaiters(resumeWaitersRef, null);
          const failure = await failureOf(error).catch(() => null);
          if (failure) fail(failure, true);
        });
    },
    [http, device.vidictId, fail],
  );

  const chooseQuality = useCallback(
    (next: VideoQuality) => {
      qualityRef.current = next;
      setQuality(next);
      // Saved on the account: the next stream request (a reload, another device) asks for it.
      saveVideoQuality(http, next).catch(() => undefined);
    },
    [http],
  );

  const signOut = useCallback(
    (vidictId: string) => {
      setPhase((current) =>
        current.kind === 'stream-limit' ? { ...current, busy: true } : current,
      );
      signOutDevice(http, vidictId)
        .then(() => {
          // A place is free: the shell registers this browser at the next route change, then
          // the stream is asked for again.
          reRegisterDevice();
          setTimeout(() => setAttempt((n) => n + 1), 1000);
        })
        .catch(async (error: unknown) => {
          const failure = await failureOf(error).catch(() => null);
          if (failure) fail(failure, false);
        });
    },
    [http, fail, reRegisterDevice],
  );

  return {
    phase,
    event,
    quality,
    token,
    trial,
    retry: useCallback(() => {
      setPhase({ kind: 'loading' });
      setAttempt((n) => n + 1);
    }, []),
    signOutDevice: signOut,
    chooseQuality,
    setWatching,
    setPaused,
    renewNow: renew,
    streamEnded: useCallback(() => stopStream({ kind: 'ended' }), [stopStream]),
  };
}
