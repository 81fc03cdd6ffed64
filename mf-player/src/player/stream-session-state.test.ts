/** @jest-environment node */
// The session's states without React or a DOM: each action from a known state.
import type { StreamToken } from '@crease/contract';
import type { PlayerFailure } from '../api/player-client';
import { grantFor, liveEvent } from '../testing/player-fixtures';
import { INITIAL_SESSION, phaseOfFailure, sessionReducer } from './stream-session-state';
import type { SessionAction, SessionState } from './stream-session-state';

const event = liveEvent();
const paid = grantFor(event);
const trial = grantFor(event, {
  streamId: 'stream-trial',
  heartbeatSeconds: 30,
  trialSecondsLeft: 600,
  trialTodaySecondsLeft: 300,
});

const run = (...actions: SessionAction[]) => actions.reduce(sessionReducer, INITIAL_SESSION);
const watching = (grant = paid) => run({ type: 'granted', grant });

describe('stream session state', () => {
  it('starts loading, with no stream open and nothing asked yet', () => {
    expect(INITIAL_SESSION).toMatchObject({ phase: { kind: 'loading' }, active: null, attempt: 0 });
  });

  it('watches a granted stream on its token, with its trial time', () => {
    const state = watching(trial);
    expect(state.phase).toEqual({ kind: 'watching', grant: trial });
    expect(state.active).toBe(trial);
    expect(state.token).toBe(trial.playback);
    expect(state.trial).toEqual({ secondsLeft: 600, todaySecondsLeft: 300 });
  });

  it('keeps the picture through a paused metered stream and its successor', () => {
    const suspended = sessionReducer(watching(trial), { type: 'suspended' });
    expect(suspended.active).toBeNull();
    expect(suspended.phase).toEqual({ kind: 'watching', grant: trial });

    const successor = grantFor(event, {
      streamId: 'stream-trial-2',
      heartbeatSeconds: 30,
      playback: {
        token: 't2',
        expiresAt: trial.playback.expiresAt,
        renewAt: trial.playback.renewAt,
      },
      trialSecondsLeft: 540,
      trialTodaySecondsLeft: 240,
    });
    const resumed = sessionReducer(suspended, { type: 'resumed', grant: successor });
    expect(resumed.active).toBe(successor);
    expect(resumed.token?.token).toBe('t2');
    expect(resumed.trial).toEqual({ secondsLeft: 540, todaySecondsLeft: 240 });
    // The video is not restarted: the phase (and its playlist) stays the first grant's.
    expect(resumed.phase).toEqual({ kind: 'watching', grant: trial });
  });

  it('shows each failure as its designed state and closes the stream', () => {
    const failures: [PlayerFailure, boolean, SessionState['phase']][] = [
      [{ kind: 'not-found', status: 404, message: 'x' }, false, { kind: 'not-found' }],
      [
        { kind: 'not-entitled', status: 403, message: 'x', reason: 'TRIAL_TIME_USED' },
        true,
        { kind: 'not-entitled', reason: 'TRIAL_TIME_USED', midStream: true },
      ],
      [
        { kind: 'stream-limit', status: 409, message: 'x', maxDevices: 2, devices: [] },
        false,
        { kind: 'stream-limit', devices: [], maxDevices: 2, busy: false },
      ],
      [{ kind: 'offline', status: 0, message: 'x' }, false, { kind: 'offline' }],
      // Not one of the account's devices: loading while the devices are read.
      [{ kind: 'device-unregistered', status: 403, message: 'x' }, false, { kind: 'loading' }],
      [
        { kind: 'stream-gone', status: 404, message: 'Gone' },
        true,
        { kind: 'failed', message: 'Gone' },
      ],
      [
        { kind: 'failed', status: 500, message: 'Boom' },
        false,
        { kind: 'failed', message: 'Boom' },
      ],
    ];
    for (const [failure, midStream, phase] of failures) {
      expect(phaseOfFailure(failure, midStream)).toEqual(phase);
      const failed = sessionReducer(watching(), { type: 'failed', failure, midStream });
      expect(failed.phase).toEqual(phase);
      expect(failed.active).toBeNull();
    }
  });

  it('shows loading for an unregistered device while the shell registers it again', () => {
    const state = run({
      type: 'failed',
      failure: { kind: 'device-unregistered', status: 400, message: 'x' },
      midStream: false,
    });
    expect(state.phase).toEqual({ kind: 'loading' });
  });

  it('marks the stream-limit choice busy while stopping playback there, and nothing else', () => {
    const limit = run({
      type: 'failed',
      failure: { kind: 'stream-limit', status: 409, message: 'x', maxDevices: 1, devices: [] },
      midStream: false,
    });
    expect(sessionReducer(limit, { type: 'stopping-there' }).phase).toMatchObject({ busy: true });
    const offline = run({ type: 'show', phase: { kind: 'offline' } });
    expect(sessionReducer(offline, { type: 'stopping-there' })).toBe(offline);
  });

  it('re-arms a renewal with a copy of the token only while that token is current', () => {
    const state = watching();
    const postponed = sessionReducer(state, { type: 'renewal-postponed', token: paid.playback });
    expect(postponed.token).toEqual(paid.playback);
    expect(postponed.token).not.toBe(paid.playback);

    const renewed: StreamToken = { ...paid.playback, token: 't-renewed' };
    const later = sessionReducer(state, { type: 'token-renewed', token: renewed });
    expect(sessionReducer(later, { type: 'renewal-postponed', token: paid.playback })).toBe(later);
  });

  it('takes a heartbeat’s token only when it outlives the current one', () => {
    const state = watching();
    const expiresAt = Date.parse(paid.playback.expiresAt);
    const later: StreamToken = {
      token: 't-heartbeat',
      expiresAt: new Date(expiresAt + 30_000).toISOString(),
      renewAt: new Date(expiresAt).toISOString(),
    };
    const taken = sessionReducer(state, { type: 'heartbeat-token', token: later });
    expect(taken.token).toBe(later);
    // A slow heartbeat answer after a renewal landed: the renewal's later token stays.
    const older: StreamToken = { ...paid.playback, token: 't-old-heartbeat' };
    expect(sessionReducer(taken, { type: 'heartbeat-token', token: older })).toBe(taken);
  });

  it('retries from the loading state; a restart keeps what is shown', () => {
    const offline = run({ type: 'show', phase: { kind: 'offline' } });
    expect(sessionReducer(offline, { type: 'retry' })).toMatchObject({
      phase: { kind: 'loading' },
      attempt: 1,
    });
    expect(sessionReducer(offline, { type: 'restart' })).toMatchObject({
      phase: { kind: 'offline' },
      attempt: 1,
    });
  });

  it('ends the picture: the stream is closed and the ended state shown', () => {
    const ended = sessionReducer(watching(), { type: 'stopped', phase: { kind: 'ended' } });
    expect(ended).toMatchObject({ phase: { kind: 'ended' }, active: null });
  });

  it('keeps the event, the quality and the trial time it is told', () => {
    const state = run(
      { type: 'event-read', event },
      { type: 'quality', quality: 'HD' },
      { type: 'trial-read', trial: { secondsLeft: 60, todaySecondsLeft: 30 } },
    );
    expect(state).toMatchObject({
      event,
      quality: 'HD',
      trial: { secondsLeft: 60, todaySecondsLeft: 30 },
    });
  });
});
