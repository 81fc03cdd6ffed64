import { useCallback, useEffect, useReducer, useRef } from 'react';
import type {
  CatalogEvent,
  Platform,
  StreamGrant,
  StreamToken,
  VideoQuality,
} from '@crease/contract';
import { closeStream, failureOf, requestStream, stopPlaybackOn } from '../api/player-client';
import type { PlayerFailure } from '../api/player-client';
import { preloadHls, startEarly } from '../playback/playback-engine';
import type { EarlyPlayback } from '../playback/playback-engine';
import {
  browserPreferenceStore,
  DEFAULT_LATENCY,
  readPreferences,
  savePreferences,
} from '../preferences/device-preferences';
import type { HeartbeatScheduler } from '../trial/heartbeat-scheduler';
import { startViewing } from './start-viewing';
import { INITIAL_SESSION, sessionReducer } from './stream-session-state';
import type { SessionPhase, TrialTime } from './stream-session-state';
import { useTokenRenewal, useTrialHeartbeats } from './use-stream-timers';

/** How often a not-started event is asked whether its stream began (the catalog's max-age). */
const NOT_STARTED_POLL_MS = 5000;
/** Retry after no answer at all (the API or the network is down): soon, then less often. */
const OFFLINE_RETRY_MS = [1000, 2000, 4000, 8000];
/** After asking the shell to register this browser again, the wait before the stream is asked. */
const RE_REGISTER_WAIT_MS = 1000;

/** The edge the player last played from, so a reload asks for the same one (the product contract edgeAddress). */
let lastEdge = '';

/** Answers the renewals that waited for a resumed stream (null: there is none). */
function wakeResumeWaiters(
  waiters: { current: ((token: StreamToken | null) => void)[] },
  token: StreamToken | null,
) {
  const waiting = waiters.current;
  waiters.current = [];
  for (const wake of waiting) wake(token);
}

export interface StreamSession {
  phase: SessionPhase;
  event: CatalogEvent | null;
  quality: VideoQuality;
  /** The token playlist and segment requests carry now (renewed in the background). */
  token: StreamToken | null;
  trial: TrialTime;
  retry(): void;
  /** Closes that device's streams (the plan's screens were all in use), then asks again. */
  stopPlaybackThere(vidictId: string): void;
  chooseQuality(quality: VideoQuality): void;
  /** The video says whether the viewer is really watching (playing and visible). */
  setWatching(watching: boolean): void;
  /** The viewer paused or resumed (metered streams close while paused). */
  setPaused(paused: boolean): void;
  /** Playback was refused by the origin (403): renew now; resolves to the new token or null. */
  renewNow(): Promise<StreamToken | null>;
  /** The picture reached the end of the stream (EXT-X-ENDLIST). */
  streamEnded(): void;
  /**
   * The granted stream's hls.js, started when the grant arrived (decision 372), for the screen's
   * first engine; null once taken, or when none was started.
   */
  takeEarlyPlayback(): EarlyPlayback | null;
}

/**
 * One viewing: asks for the stream (the product contract Edge stream request → Channel stream), keeps its token
 * fresh, sends trial heartbeats, and closes it when the screen goes. Nothing here decides access:
 * the API's answers do (docs/architecture.md §8). What the screen shows is `sessionReducer`'s (pure,
 * tested without React); this hook holds the I/O: the open grant, the timers, the calls.
 */
export function useStreamSession(
  platform: Platform,
  eventId: string,
  /** Asks the shell to register this device again (it does so at a route change). */
  reRegisterDevice: () => void,
): StreamSession {
  const { http, device } = platform;
  const [state, dispatch] = useReducer(sessionReducer, INITIAL_SESSION);
  const { attempt } = state;
  /** The grant whose stream is open now; null while none is (or while a metered one is paused). */
  const grantRef = useRef<StreamGrant | null>(null);
  const suspendedRef = useRef<StreamGrant | null>(null);
  const resumingRef = useRef(false);
  /** Renewals asked for while paused or resuming: they get the resumed stream's token. */
  const resumeWaitersRef = useRef<((token: StreamToken | null) => void)[]>([]);
  /** This browser was registered again after a DEVICE_NOT_REGISTERED (once a screen). */
  const reRegisteredRef = useRef(false);
  /**
   * The account's videoQuality, once read: the default when this device has no choice of its
   * own (decision 235). Null until `GET account` answers; the stream request does not wait for
   * it (decision 365).
   */
  const accountQualityRef = useRef<VideoQuality | null>(null);
  /** What a stream request carries: this device's choice, else the account's, else Auto. */
  const requestQuality = useCallback(
    (): VideoQuality =>
      readPreferences(browserPreferenceStore()).quality ?? accountQualityRef.current ?? 'AUTO',
    [],
  );
  const heartbeatsRef = useRef<HeartbeatScheduler | null>(null);
  const offlineTriesRef = useRef(0);
  /** The grant's picture, loading before the screen draws it (decision 372); until taken. */
  const earlyRef = useRef<EarlyPlayback | null>(null);
  const discardEarly = useCallback(() => {
    earlyRef.current?.discard();
    earlyRef.current = null;
  }, []);

  /** Closes the open stream (its heartbeats first) and forgets it. */
  const closeOpenStream = useCallback(() => {
    heartbeatsRef.current?.stop();
    heartbeatsRef.current = null;
    const grant = grantRef.current;
    grantRef.current = null;
    suspendedRef.current = null;
    wakeResumeWaiters(resumeWaitersRef, null);
    if (grant) closeStream(http, grant.streamId);
  }, [http]);

  /**
   * A paused trial stream is closed and its token refused (decision 151): a renewal then (the
   * origin's 403) waits for the stream the resume grants, instead of retrying at once. Null when
   * no stream is paused or resuming.
   */
  const waitForResume = useCallback((): Promise<StreamToken | null> | null => {
    if (!suspendedRef.current && !resumingRef.current) return null;
    return new Promise((resolve) => resumeWaitersRef.current.push(resolve));
  }, []);

  const fail = useCallback(
    (failure: PlayerFailure, midStream: boolean) => {
      closeOpenStream();
      dispatch({ type: 'failed', failure, midStream });
      if (failure.kind !== 'device-unregistered') return;
      // This browser is not on the account's list (signed out, or unseen for 90 days). The
      // shell registers it again, never refused for the plan's limit (decision 265), and the
      // stream is asked for once more; a second refusal is shown as it is.
      if (reRegisteredRef.current) {
        dispatch({ type: 'show', phase: { kind: 'failed', message: failure.message } });
        return;
      }
      reRegisteredRef.current = true;
      reRegisterDevice();
      setTimeout(() => dispatch({ type: 'restart' }), RE_REGISTER_WAIT_MS);
    },
    [closeOpenStream, reRegisterDevice],
  );

  // Start, and start again at each new attempt (a retry, a poll, back online).
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;

    const start = async () => {
      preloadHls().catch(() => undefined);
      const videoQuality = requestQuality();
      dispatch({ type: 'quality', quality: videoQuality });
      const request = { eventId, vidictId: device.vidictId, edgeAddress: lastEdge, videoQuality };
      const result = await startViewing(http, request, signal, {
        accountQuality: (saved) => {
          accountQualityRef.current = saved;
          // This device's own choice wins (read again: it may have been made meanwhile); the
          // account's is the default, given to the engine as its start level (or next level).
          dispatch({ type: 'quality', quality: requestQuality() });
        },
        event: (event) => dispatch({ type: 'event-read', event }),
        streamReady: (grant) => {
          const saved = readPreferences(browserPreferenceStore());
          earlyRef.current = startEarly(grant.playlistUrl, grant.playback.token, {
            quality: requestQuality(),
            latency: saved.latency ?? DEFAULT_LATENCY,
            audioLanguage: saved.audioLanguage,
            captions: saved.captions,
          });
        },
      });
      if (!result) return;
      if (result.kind === 'not-started') {
        dispatch({ type: 'show', phase: { kind: 'not-started', startTime: result.startTime } });
        pollTimer = setTimeout(() => dispatch({ type: 'restart' }), NOT_STARTED_POLL_MS);
        return;
      }
      const { grant } = result;
      lastEdge = grant.edge;
      offlineTriesRef.current = 0;
      grantRef.current = grant;
      suspendedRef.current = null;
      dispatch({ type: 'granted', grant });
    };

    start().catch(async (error: unknown) => {
      discardEarly();
      if (signal.aborted) return;
      const failure = await failureOf(error).catch(() => null);
      if (!failure || signal.aborted) return;
      fail(failure, false);
      if (failure.kind === 'offline') {
        const wait =
          OFFLINE_RETRY_MS[Math.min(offlineTriesRef.current, OFFLINE_RETRY_MS.length - 1)]!;
        offlineTriesRef.current += 1;
        pollTimer = setTimeout(() => dispatch({ type: 'restart' }), wait);
      }
    });

    return () => {
      controller.abort();
      clearTimeout(pollTimer);
      discardEarly();
      // The played part's heartbeat goes out before the stream is closed.
      heartbeatsRef.current?.setWatching(false);
      heartbeatsRef.current?.stop();
      heartbeatsRef.current = null;
      const grant = grantRef.current;
      grantRef.current = null;
      if (grant) closeStream(http, grant.streamId);
    };
  }, [http, device.vidictId, eventId, attempt, fail, requestQuality, discardEarly]);

  // Back online: try again at once rather than wait for the next retry.
  useEffect(() => {
    if (state.phase.kind !== 'offline') return;
    const online = () => dispatch({ type: 'restart' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [state.phase.kind]);

  // Closing the tab frees its screen at once (issue 36 §4): React never unmounts on a closing
  // tab, so the page's own pagehide closes the stream (a keepalive DELETE outlives the page). A
  // page the browser kept in its back/forward cache asks for a stream again when shown.
  useEffect(() => {
    const hidden = () => closeOpenStream();
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: 'restart' });
    };
    window.addEventListener('pagehide', hidden);
    window.addEventListener('pageshow', shown);
    return () => {
      window.removeEventListener('pagehide', hidden);
      window.removeEventListener('pageshow', shown);
    };
  }, [closeOpenStream]);

  const renewNow = useTokenRenewal({
    http,
    dispatch,
    grantRef,
    fail,
    waitForResume,
    streamId: state.active?.streamId ?? null,
    token: state.token,
    heartbeats: !!state.active?.heartbeatSeconds,
  });
  const setWatching = useTrialHeartbeats({
    http,
    dispatch,
    grantRef,
    fail,
    active: state.active,
    heartbeatsRef,
  });

  /**
   * A metered (trial) stream is closed on pause, so no paused second is counted (the server
   * counts an open stream's wall time until its lease ends), and a new one is granted on resume.
   * The picture does not wait: it plays from the buffer while the grant is made. The closed
   * stream's token is refused within seconds (decision 151), so the picture stops loading while
   * paused and loads on with the resumed stream's token.
   */
  const setPaused = useCallback(
    (paused: boolean) => {
      if (paused) {
        const grant = grantRef.current;
        if (!grant?.heartbeatSeconds) return;
        closeOpenStream();
        suspendedRef.current = grant;
        dispatch({ type: 'suspended' });
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
        videoQuality: requestQuality(),
      })
        .then((grant) => {
          grantRef.current = grant;
          dispatch({ type: 'resumed', grant });
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
    [http, device.vidictId, fail, closeOpenStream, requestQuality],
  );

  const chooseQuality = useCallback((next: VideoQuality) => {
    dispatch({ type: 'quality', quality: next });
    // Saved on this device only (decision 235): the account's preference changes on /account.
    savePreferences(browserPreferenceStore(), { quality: next });
  }, []);

  const stopThere = useCallback(
    (vidictId: string) => {
      dispatch({ type: 'stopping-there' });
      stopPlaybackOn(http, vidictId, device.vidictId)
        // That screen is free at once: ask for the stream again.
        .then(() => dispatch({ type: 'restart' }))
        .catch(async (error: unknown) => {
          const failure = await failureOf(error).catch(() => null);
          if (failure) fail(failure, false);
        });
    },
    [http, device.vidictId, fail],
  );

  const retry = useCallback(() => dispatch({ type: 'retry' }), []);
  const takeEarlyPlayback = useCallback(() => {
    const early = earlyRef.current;
    earlyRef.current = null;
    return early;
  }, []);
  const streamEnded = useCallback(() => {
    closeOpenStream();
    dispatch({ type: 'stopped', phase: { kind: 'ended' } });
  }, [closeOpenStream]);

  return {
    phase: state.phase,
    event: state.event,
    quality: state.quality,
    token: state.token,
    trial: state.trial,
    retry,
    stopPlaybackThere: stopThere,
    chooseQuality,
    setWatching,
    setPaused,
    renewNow,
    streamEnded,
    takeEarlyPlayback,
  };
}
