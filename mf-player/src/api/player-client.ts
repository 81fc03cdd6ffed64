import {
  BILLING_PATHS,
  catalogEventPath,
  catalogEventTimelinePath,
  isErrorResponse,
  STREAM_PATHS,
  streamPath,
} from '@crease/contract';
import type {
  AccountOverview,
  CatalogEvent,
  EntitlementReason,
  EventTimeline,
  HeartbeatResult,
  Platform,
  RegisteredDevice,
  StreamGrant,
  StreamHeartbeat,
  StreamRequest,
  StreamToken,
  VideoQuality,
} from '@crease/contract';
import { VIDEO_QUALITIES } from '@crease/contract';

type Http = Platform['http'];

/**
 * Why a call failed, as data the screen turns into a designed state (STYLE §4). `kind` is what
 * the player does about it; `status` is the HTTP status (0: no answer at all).
 */
export type PlayerFailure =
  | { kind: 'offline'; status: 0; message: string }
  | { kind: 'not-found'; status: 404; message: string }
  | { kind: 'not-entitled'; status: number; message: string; reason: EntitlementReason | null }
  | {
      kind: 'stream-limit';
      status: 409;
      message: string;
      maxDevices: number;
      devices: RegisteredDevice[];
    }
  | { kind: 'stream-gone'; status: number; message: string }
  /** This browser is not one of the account's devices (signed out, or unseen for 90 days). */
  | { kind: 'device-unregistered'; status: number; message: string }
  | { kind: 'failed'; status: number; message: string };

export class PlayerCallError extends Error {
  override readonly name = 'PlayerCallError';
  constructor(readonly failure: PlayerFailure) {
    super(failure.message);
  }
}

/** The error the shell's ky client throws for a non-2xx answer; duck-typed (ky is the shell's). */
function responseOf(error: unknown): Response | null {
  const response = (error as { response?: Partial<Response> } | null)?.response;
  return typeof response?.status === 'number' && typeof response.json === 'function'
    ? (response as Response)
    : null;
}

function isAbort(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'AbortError';
}

/** Turns whatever a call threw into a PlayerFailure (an abort is rethrown: nobody is waiting). */
export async function failureOf(error: unknown): Promise<PlayerFailure> {
  if (error instanceof PlayerCallError) return error.failure;
  if (isAbort(error)) throw error;
  const response = responseOf(error);
  if (!response) {
    return { kind: 'offline', status: 0, message: 'We could not reach Crease.' };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const message = isErrorResponse(body) ? body.message : 'Crease could not start the stream.';
  const code = isErrorResponse(body) ? body.code : '';
  const status = response.status;
  if (code === 'DEVICE_NOT_REGISTERED') return { kind: 'device-unregistered', status, message };
  if (status === 404 && code !== 'STREAM_NOT_FOUND') return { kind: 'not-found', status, message };
  if (code === 'STREAM_NOT_FOUND' || code === 'STREAM_TOKEN_INVALID')
    return { kind: 'stream-gone', status, message };
  if (code === 'NOT_ENTITLED' || status === 402 || (status === 403 && code !== '')) {
    const reason = typeof body?.reason === 'string' ? (body.reason as EntitlementReason) : null;
    return { kind: 'not-entitled', status, message, reason };
  }
  if (status === 409 && code === 'STREAM_LIMIT_REACHED') {
    return {
      kind: 'stream-limit',
      status,
      message,
      maxDevices: typeof body?.maxDevices === 'number' ? body.maxDevices : 0,
      devices: Array.isArray(body?.devices) ? (body.devices as RegisteredDevice[]) : [],
    };
  }
  if (status >= 500) return { kind: 'offline', status: 0, message };
  return { kind: 'failed', status, message };
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PlayerCallError(await failureOf(error));
  }
}

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET the event: title, teams, venue, start (its live score is NOT shown: see scoreAt). */
export const readEvent = (http: Http, eventId: string, signal?: AbortSignal) =>
  call(() =>
    http
      .get(catalogEventPath(eventId), { cache: 'no-cache', ...signalOption(signal) })
      .json<CatalogEvent>(),
  );

/** GET the event's timeline entries after `after` (every entry when null). */
export const readTimeline = (
  http: Http,
  eventId: string,
  after: number | null,
  signal?: AbortSignal,
) =>
  call(() =>
    http
      .get(catalogEventTimelinePath(eventId), {
        cache: 'no-cache',
        ...(after === null ? {} : { searchParams: { after } }),
        ...signalOption(signal),
      })
      .json<EventTimeline>(),
  );

/** The account's saved quality: what the next stream request asks for. */
export async function readVideoQuality(http: Http, signal?: AbortSignal): Promise<VideoQuality> {
  const overview = await call(() =>
    http.get(BILLING_PATHS.account, signalOption(signal)).json<AccountOverview>(),
  );
  const saved = overview.userProfile.videoQuality;
  return (VIDEO_QUALITIES as readonly string[]).includes(saved) ? (saved as VideoQuality) : 'AUTO';
}

/** POST the product contract's Edge stream request: 201 StreamGrant, or a PlayerCallError. */
export const requestStream = (http: Http, request: StreamRequest, signal?: AbortSignal) =>
  call(() =>
    http
      .post(STREAM_PATHS.streams, {
        json: request,
        // A refusal is an answer to show, not a blip to retry.
        retry: 0,
        ...signalOption(signal),
      })
      .json<StreamGrant>(),
  );

export const renewToken = (http: Http, streamId: string) =>
  call(() => http.post(streamPath('token', { streamId }), { retry: 0 }).json<StreamToken>());

export const sendHeartbeat = (http: Http, streamId: string, heartbeat: StreamHeartbeat) =>
  call(() =>
    http
      .post(streamPath('heartbeat', { streamId }), { json: heartbeat, retry: 0 })
      .json<HeartbeatResult>(),
  );

/** The player closed: the stream stops counting against maxDevices. Best effort. */
export function closeStream(http: Http, streamId: string): void {
  http
    .delete(streamPath('stream', { streamId }), { keepalive: true, retry: 0 })
    .catch(() => undefined);
}

/**
 * "Stop playback there" (409 STREAM_LIMIT_REACHED offers it): closes that device's streams so
 * this one can play; `by` is this browser, so the stopped player can say where it was stopped.
 */
export const stopPlaybackOn = (http: Http, vidictId: string, by: string) =>
  call(() =>
    http
      .delete(streamPath('watchingDevice', { vidictId }), { searchParams: { by } })
      .then(() => undefined),
  );
