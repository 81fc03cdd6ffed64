import type { AfterResponseHook, KyInstance } from 'ky';
import { BILLING_PATHS } from '@crease/contract';
import type { Device, DeviceRegistration, Session } from '@crease/contract';

/**
 * What the last registration attempt found. `limit` (a 409) is no longer sent by the API, which
 * never refuses a registration for the plan's limit (decision 265); it is kept for an older API
 * during a rolling release.
 */
export type DeviceRegistrationState = 'unregistered' | 'registering' | 'registered' | 'limit';

export interface DeviceRegistrarOptions {
  http: KyInstance;
  session: Pick<Session, 'isSignedIn' | 'subscribe'>;
  device: Device;
  /** The shell's version, sent as the spec's appVersion. */
  appVersion: string;
  userAgent: string;
  /** The clock, for the pause after a refusal (tests pin it). */
  now?: () => number;
}

/** After a refusal at the device limit, how long route changes leave the API alone. */
export const REFUSAL_PAUSE_MS = 5 * 60_000;

/**
 * Registers this browser as one of the account's devices (docs/product.md §3 device registration;
 * docs/architecture.md §8): once when a session starts (boot while signed in, or a sign-in), through the
 * shell's HTTP client. The API makes it once per account (201 new, 200 known); the plan's
 * maxDevices limits screens playing, not registrations (decision 265). A failed registration is tried again at the next route change. A
 * refused one (409) is not sent again on every page (issue 23 §4): this session remembers the
 * refusal and asks again only when a device of the account has been signed out from this
 * browser (`placeFreed`, the shell's HTTP client sees that DELETE) or `REFUSAL_PAUSE_MS` later.
 * A new session (maybe another account) starts afresh. A registration never blocks or breaks a
 * screen: the entitlement is what decides access.
 */
export class DeviceRegistrar {
  private state: DeviceRegistrationState = 'unregistered';
  private inFlight: Promise<void> | null = null;
  private refusedAt: number | null = null;

  constructor(private readonly options: DeviceRegistrarOptions) {
    options.session.subscribe((signedIn) => {
      // A new session may be another account: it registers afresh.
      this.state = 'unregistered';
      this.refusedAt = null;
      if (signedIn) void this.ensure();
    });
  }

  get current(): DeviceRegistrationState {
    return this.state;
  }

  /** Registers unless this session already has; safe to call on every route change. */
  ensure(): Promise<void> {
    if (!this.options.session.isSignedIn() || this.state === 'registered') return Promise.resolve();
    if (this.refusedAt !== null && this.now() - this.refusedAt < REFUSAL_PAUSE_MS) {
      return Promise.resolve();
    }
    this.inFlight ??= this.register().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** A device of the account was signed out: a refused registration may now fit. */
  placeFreed(): void {
    this.refusedAt = null;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async register(): Promise<void> {
    const { http, device, appVersion, userAgent } = this.options;
    const registration: DeviceRegistration = {
      vidictId: device.vidictId,
      deviceOs: device.deviceOs,
      deviceType: device.deviceType,
      appVersion,
      // The API keeps a bounded user agent; a longer one is cut, not refused.
      userAgent: userAgent.slice(0, 512),
    };
    this.state = 'registering';
    try {
      await http.post(BILLING_PATHS.devices, { json: registration });
      this.state = 'registered';
      this.refusedAt = null;
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      this.state = status === 409 ? 'limit' : 'unregistered';
      if (status === 409) this.refusedAt = this.now();
      if (status !== 409) console.warn('[crease] device registration failed', error);
    }
  }
}

/** A ky hook that calls `onFreed` when a device sign-out (DELETE devices/:id) succeeds. */
export function deviceSignOutHook(onFreed: () => void): AfterResponseHook {
  return (request, _options, response) => {
    if (request.method !== 'DELETE' || !response.ok) return;
    const path = new URL(request.url).pathname;
    if (path.includes(`/${BILLING_PATHS.devices}/`)) onFreed();
  };
}
