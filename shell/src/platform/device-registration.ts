import type { KyInstance } from 'ky';
import { BILLING_PATHS } from '@crease/contract';
import type { Device, DeviceRegistration, Session } from '@crease/contract';

/** What the last registration attempt found; `limit` means the plan's maxDevices is reached. */
export type DeviceRegistrationState = 'unregistered' | 'registering' | 'registered' | 'limit';

export interface DeviceRegistrarOptions {
  http: KyInstance;
  session: Pick<Session, 'isSignedIn' | 'subscribe'>;
  device: Device;
  /** The shell's version, sent as the spec's appVersion. */
  appVersion: string;
  userAgent: string;
}

/**
 * Registers this browser as one of the account's devices (SPEC §3 device registration;
 * ARCHITECTURE §8): once when a session starts (boot while signed in, or a sign-in), through the
 * shell's HTTP client. The API makes it once per account (201 new, 200 known, 409 when the plan's
 * maxDevices is reached). A refused or failed registration is tried again at the next route
 * change, so signing another device out on /account lets this one in without a reload. A
 * registration never blocks or breaks a screen: the entitlement is what decides access.
 */
export class DeviceRegistrar {
  private state: DeviceRegistrationState = 'unregistered';
  private inFlight: Promise<void> | null = null;

  constructor(private readonly options: DeviceRegistrarOptions) {
    options.session.subscribe((signedIn) => {
      // A new session may be another account: it registers afresh.
      this.state = 'unregistered';
      if (signedIn) void this.ensure();
    });
  }

  get current(): DeviceRegistrationState {
    return this.state;
  }

  /** Registers unless this session already has; safe to call on every route change. */
  ensure(): Promise<void> {
    if (!this.options.session.isSignedIn() || this.state === 'registered') return Promise.resolve();
    this.inFlight ??= this.register().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
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
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      this.state = status === 409 ? 'limit' : 'unregistered';
      if (status !== 409) console.warn('[crease] device registration failed', error);
    }
  }
}
