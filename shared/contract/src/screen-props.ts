import type { KyInstance } from 'ky';
import type { DeviceOs, DeviceType } from './device';
import type { UiLanguage } from './ui-language';
// JSON, so the build factory (plain Node .mjs) reads the very same keys (decision 120).
import manifestMetadata from './manifest-metadata.json' with { type: 'json' };

/**
 * Version of the shell <-> remote contract. A remote declares the range it supports
 * (for example "^1") in its mf-manifest.json metadata under CONTRACT_RANGE_METADATA_KEY;
 * the release registry refuses to promote a remote the live shell does not satisfy.
 */
export const CONTRACT_VERSION: number = manifestMetadata.contractVersion;
export const CONTRACT_RANGE_METADATA_KEY: string = manifestMetadata.remoteContractRangeKey;
/** The shell's mf-manifest.json metadata key for the contract version it provides. */
export const SHELL_CONTRACT_METADATA_KEY: string = manifestMetadata.shellContractVersionKey;
/** Every app's mf-manifest.json metadata key for its build id. */
export const BUILD_ID_METADATA_KEY: string = manifestMetadata.buildIdKey;
/** The shell's metadata key: the Module Federation runtime-core version it provides (decision 084). */
export const SHELL_RUNTIME_METADATA_KEY: string = manifestMetadata.shellProvidesRuntimeKey;
/** A remote's metadata key: the runtime-core version it was built against and needs from the shell. */
export const REMOTE_RUNTIME_METADATA_KEY: string = manifestMetadata.remoteNeedsRuntimeKey;

export interface ScreenLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * `/signin?deleted=1`: where /account sends a browser whose account it just deleted; the sign-in
 * page confirms the deletion (mf-billing navigates, mf-auth reads it).
 */
export const ACCOUNT_DELETED_PARAM = 'deleted';

export interface NavigateOptions {
  replace?: boolean;
}

export interface SignInCredentials {
  username: string;
  /** The password; ignored when `signInCode` is given. */
  password: string;
  /**
   * An emailed sign-in code (decision 406): the shell redeems it with the email-code grant
   * instead of the password grant. Optional (contract 1.x shells only know the password).
   */
  signInCode?: string;
  /**
   * A bot-check token for the password grant, from `platform.botCheck.token('signin')`. The API
   * requires one; the shell sends it as the X-Bot-Check header. Optional for contract v1
   * compatibility: a sign-in without one is refused by the API with BOT_CHECK_FAILED.
   */
  botCheckToken?: string;
}

export type SessionListener = (signedIn: boolean) => void;

/** The shell owns the tokens; remotes only ask and act through this. */
export interface Session {
  isSignedIn(): boolean;
  /**
   * Calls POST /oauth2/token, validates the answer (docs/product.md §5: 'Invalid access token'), then clears
   * the old tokens and stores the new ones (docs/product.md §4). On /signin the shell then sends the viewer
   * back to `returnTo` (or applies the / rule); the remote need not navigate.
   * Rejects with an Error whose message is 'Invalid access token' for unusable token data, or
   * with the HTTP client's error (its `response` holds the API's error body) when the API refused.
   */
  signIn(credentials: SignInCredentials): Promise<void>;
  /**
   * Clears all local storage (docs/product.md §4) and asks the API to revoke the refresh token's family,
   * without waiting for the answer.
   */
  signOut(): void;
  /**
   * True when the last session ended because a token refresh failed (docs/product.md §4 `sessionExpired`),
   * until the next sign-in. Optional in contract v1: shells before 1.1 lack it.
   */
  expired?(): boolean;
  /** Called on every change, including changes made in other tabs. Returns an unsubscribe. */
  subscribe(listener: SessionListener): () => void;
}

export interface BotCheck {
  /** An invisible bot-check token for one action (for example "signin"). Never shows UI. */
  token(action: string): Promise<string>;
  /**
   * Starts the work for the next `token(action)` now (a form gained focus), so the proof is
   * ready by the time it is submitted. Optional: a shell that predates it solves at submit.
   */
  prepare?(action: string): void;
}

export interface AnalyticsEvent {
  name: string;
  properties?: Record<string, string | number | boolean>;
}

export interface Analytics {
  track(event: AnalyticsEvent): void;
}

export interface Device {
  vidictId: string;
  deviceOs: DeviceOs;
  deviceType: DeviceType;
}

export interface PlatformConfig {
  productName: string;
  apiOrigin: string;
  features: Readonly<Record<string, boolean>>;
}

export interface Platform {
  /** The shell's one ky instance: bearer, XSRF, retries, single-flight refresh. */
  http: KyInstance;
  session: Session;
  botCheck: BotCheck;
  analytics: Analytics;
  device: Device;
  config: PlatformConfig;
}

/** Props the shell passes to a remote parcel's mount and update. */
export interface ScreenProps {
  /** The screen id from the shell's route table, for example "privacy-policy". */
  screen: string;
  location: ScreenLocation;
  navigate(to: string, options?: NavigateOptions): void;
  platform: Platform;
  /**
   * The language the viewer reads the site in (issue 34 §4): the shell's choice, passed on every
   * update, so a remote re-renders in the new language when the footer switcher changes it.
   * Optional (contract v1): an older shell sends none, and the remote then shows English.
   */
  language?: UiLanguage;
}
