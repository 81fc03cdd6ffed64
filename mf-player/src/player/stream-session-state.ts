import type {
  CatalogEvent,
  EntitlementReason,
  RegisteredDevice,
  StreamGrant,
  StreamToken,
  VideoQuality,
} from '@crease/contract';
import type { PlayerFailure } from '../api/player-client';

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

/** One viewing, as the screen and the session's timers see it. No React, no I/O: a reducer. */
export interface SessionState {
  phase: SessionPhase;
  event: CatalogEvent | null;
  quality: VideoQuality;
  /** The token playlist and segment requests carry now (renewed in the background). */
  token: StreamToken | null;
  trial: TrialTime;
  /** The granted stream now open (a metered one is closed while paused: decision 118). */
  active: StreamGrant | null;
  /** Each new value asks for the stream again (a retry, a poll, back online, a freed place). */
  attempt: number;
}

export type SessionAction =
  /** The viewer's retry: the loading state, then a new attempt. */
  | { type: 'retry' }
  /** A new attempt behind whatever is shown (a poll, a back-off, back online). */
  | { type: 'restart' }
  | { type: 'event-read'; event: CatalogEvent }
  /** The account's saved quality, or the viewer's new choice. */
  | { type: 'quality'; quality: VideoQuality }
  /** A phase with no stream behind it (ended, not started): nothing was open. */
  | { type: 'show'; phase: SessionPhase }
  /** A live stream granted at the start: watch it. */
  | { type: 'granted'; grant: StreamGrant }
  /** A paused metered stream was closed (decision 118). */
  | { type: 'suspended' }
  /** Its successor, granted on resume: the picture keeps going on the new token. */
  | { type: 'resumed'; grant: StreamGrant }
  /** The open stream is closed and the screen moves on (the picture ended). */
  | { type: 'stopped'; phase: SessionPhase }
  /** A call failed: the stream is closed and the failure's designed state is shown. */
  | { type: 'failed'; failure: PlayerFailure; midStream: boolean }
  | { type: 'token-renewed'; token: StreamToken }
  /** A heartbeat's token (decision 373): taken only when it outlives the current one. */
  | { type: 'heartbeat-token'; token: StreamToken }
  /** A renewal got no answer: the same token as a new value arms the renewal timer again. */
  | { type: 'renewal-postponed'; token: StreamToken }
  | { type: 'trial-read'; trial: TrialTime }
  /** "Stop playback there" from the stream-limit choice is on its way. */
  | { type: 'stopping-there' };

export const INITIAL_SESSION: SessionState = {
  phase: { kind: 'loading' },
  event: null,
  quality: 'AUTO',
  token: null,
  trial: { secondsLeft: null, todaySecondsLeft: null },
  active: null,
  attempt: 0,
};

/**
 * The designed state for a failed call. `device-unregistered` shows loading: the shell registers
 * this browser again and the stream is asked for once more.
 */
export function phaseOfFailure(failure: PlayerFailure, midStream: boolean): SessionPhase {
  switch (failure.kind) {
    case 'not-found':
      return { kind: 'not-found' };
    case 'not-entitled':
      return { kind: 'not-entitled', reason: failure.reason, midStream };
    case 'stream-limit':
      return {
        kind: 'stream-limit',
        devices: failure.devices,
        maxDevices: failure.maxDevices,
        busy: false,
      };
    case 'offline':
      return { kind: 'offline' };
    case 'device-unregistered':
      return { kind: 'loading' };
    default:
      return { kind: 'failed', message: failure.message };
  }
}

function trialOf(grant: StreamGrant): TrialTime {
  return { secondsLeft: grant.trialSecondsLeft, todaySecondsLeft: grant.trialTodaySecondsLeft };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'retry':
      return { ...state, phase: { kind: 'loading' }, attempt: state.attempt + 1 };
    case 'restart':
      return { ...state, attempt: state.attempt + 1 };
    case 'event-read':
      return { ...state, event: action.event };
    case 'quality':
      return { ...state, quality: action.quality };
    case 'show':
      return { ...state, phase: action.phase };
    case 'granted':
      return {
        ...state,
        active: action.grant,
        token: action.grant.playback,
        trial: trialOf(action.grant),
        phase: { kind: 'watching', grant: action.grant },
      };
    case 'suspended':
      return { ...state, active: null };
    case 'resumed':
      return {
        ...state,
        active: action.grant,
        token: action.grant.playback,
        trial: trialOf(action.grant),
      };
    case 'stopped':
      return { ...state, active: null, phase: action.phase };
    case 'failed':
      return { ...state, active: null, phase: phaseOfFailure(action.failure, action.midStream) };
    case 'token-renewed':
      return { ...state, token: action.token };
    case 'heartbeat-token':
      // A late heartbeat answer must not replace a newer renewal's token with an older one.
      return state.token && Date.parse(action.token.expiresAt) <= Date.parse(state.token.expiresAt)
        ? state
        : { ...state, token: action.token };
    case 'renewal-postponed':
      // Only while that token is still the current one (no renewal landed meanwhile).
      return state.token === action.token ? { ...state, token: { ...action.token } } : state;
    case 'trial-read':
      return { ...state, trial: action.trial };
    case 'stopping-there':
      return state.phase.kind === 'stream-limit'
        ? { ...state, phase: { ...state.phase, busy: true } }
        : state;
  }
}
