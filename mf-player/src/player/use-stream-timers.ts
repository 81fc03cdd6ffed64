import { useCallback, useEffect, useRef } from 'react';
import type { Dispatch, RefObject } from 'react';
import type { Platform, StreamGrant, StreamToken } from '@crease/contract';
import { failureOf, renewToken, sendHeartbeat } from '../api/player-client';
import type { PlayerFailure } from '../api/player-client';
import { HEARTBEAT_RENEWAL_GRACE_MS } from '@crease/contract';
import { renewDelayMs } from '../playback/token-url';
import { HeartbeatScheduler } from '../trial/heartbeat-scheduler';
import type { SessionAction } from './stream-session-state';

interface TimerInput {
  http: Platform['http'];
  dispatch: Dispatch<SessionAction>;
  /** The grant whose stream is open now (the session's). */
  grantRef: RefObject<StreamGrant | null>;
  fail(failure: PlayerFailure, midStream: boolean): void;
}

/**
 * Token renewal, before renewAt, in the background: playback never waits for it (decision 116).
 * Returns the renewal to call at once when the origin refused a segment.
 */
export function useTokenRenewal({
  http,
  dispatch,
  grantRef,
  fail,
  waitForResume,
  streamId,
  token,
  heartbeats,
}: TimerInput & {
  /** A paused trial stream's renewal waits for the resumed stream (null: none is paused). */
  waitForResume(): Promise<StreamToken | null> | null;
  streamId: string | null;
  token: StreamToken | null;
  /** The stream sends heartbeats, which bring its next tokens: renew only when none did. */
  heartbeats: boolean;
}) {
  const renewNow = useCallback(async (): Promise<StreamToken | null> => {
    const grant = grantRef.current;
    if (!grant) return waitForResume() ?? null;
    try {
      const next = await renewToken(http, grant.streamId);
      if (grantRef.current !== grant) return null;
      dispatch({ type: 'token-renewed', token: next });
      return next;
    } catch (error) {
      const failure = await failureOf(error).catch(() => null);
      if (!failure || grantRef.current !== grant) return null;
      // No answer: keep playing on the current token and try again (the timer below).
      if (failure.kind === 'offline') return null;
      fail(failure.kind === 'stream-gone' ? { ...failure, kind: 'failed' } : failure, true);
      return null;
    }
  }, [http, dispatch, grantRef, fail, waitForResume]);

  useEffect(() => {
    if (!streamId || !token) return;
    const expiresAt = Date.parse(token.expiresAt);
    const timer = setTimeout(
      () => {
        void renewNow().then((next) => {
          // Not renewed and not refused (no answer): try again while the old token still works.
          if (!next && grantRef.current && Date.now() < expiresAt) {
            dispatch({ type: 'renewal-postponed', token });
          }
        });
      },
      renewDelayMs(token, Date.now(), heartbeats ? HEARTBEAT_RENEWAL_GRACE_MS : 0),
    );
    return () => clearTimeout(timer);
  }, [streamId, token, heartbeats, renewNow, grantRef, dispatch]);

  return renewNow;
}

/**
 * Trial heartbeats while really watching (decision 118), for the open metered stream; each answer
 * may bring the stream's next token (decision 373). Returns
 * the video's report of whether the viewer is really watching.
 */
export function useTrialHeartbeats({
  http,
  dispatch,
  grantRef,
  fail,
  active,
  heartbeatsRef,
}: TimerInput & {
  active: StreamGrant | null;
  /** The running scheduler, shared with the session (it stops it when it closes a stream). */
  heartbeatsRef: RefObject<HeartbeatScheduler | null>;
}) {
  const watchingRef = useRef(false);
  const streamId = active?.streamId ?? null;
  const heartbeatSeconds = active?.heartbeatSeconds ?? null;

  useEffect(() => {
    if (!streamId || !heartbeatSeconds) return;
    const scheduler = new HeartbeatScheduler(heartbeatSeconds, (heartbeat) => {
      sendHeartbeat(http, streamId, heartbeat)
        .then((result) => {
          dispatch({
            type: 'trial-read',
            trial: {
              secondsLeft: result.trialSecondsLeft,
              todaySecondsLeft: result.trialTodaySecondsLeft,
            },
          });
          // The heartbeat renewed the token: the renewal timer starts again from this one.
          if (result.playback && grantRef.current?.streamId === streamId)
            dispatch({ type: 'heartbeat-token', token: result.playback });
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
  }, [http, streamId, heartbeatSeconds, fail, dispatch, grantRef, heartbeatsRef]);

  return useCallback(
    (watching: boolean) => {
      watchingRef.current = watching;
      heartbeatsRef.current?.setWatching(watching);
    },
    [heartbeatsRef],
  );
}
