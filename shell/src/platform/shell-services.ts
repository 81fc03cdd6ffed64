import type { KyInstance } from 'ky';
import type { Platform, RemoteName } from '@crease/contract';
import { ACCOUNT_PATHS, SIGNALS_PATH, deriveApiOrigin, isRemoteName } from '@crease/contract';
import { viewerLocales } from '@crease/ui';
import type { BootData } from '../config/boot-data';
import { createAccountLookup } from '../http/account-identity';
import { createHttpClient } from '../http/http-client';
import { TokenEndpoint } from '../http/token-endpoint';
import type { FederationApi } from '../remotes/remote-runtime';
import { RELEASE_MAP_PATH, ReleaseMapSource } from '../remotes/release-map-source';
import {
  OVERRIDES_STORAGE_KEY,
  applyOverrides,
  browserOverrideStorage,
  resolveOverrides,
} from '../remotes/remote-overrides';
import { RemoteRuntime } from '../remotes/remote-runtime';
import { AccountSwitch } from '../session/account-switch';
import { BrowserSession } from '../session/session';
import { TokenStore, safeStorage } from '../session/token-store';
import { LanguageStore } from '../i18n/language-store';
import { followAccountLanguage, saveAccountLanguage } from '../i18n/account-language';
import { createAnalytics } from './analytics';
import type { ShellAnalytics } from './analytics';
import { ConsentStore, browserNeedsConsentChoice } from './consent';
import { detectDevice } from './device';
import { DeviceRegistrar, deviceSignOutHook } from './device-registration';
import shellPackage from '../../package.json';
import { REMOTE_FALLBACK_PATH, reportRemoteFallback } from './ops-events';
import { ReleaseProofs } from './release-proofs';
import { SignalQueue } from './release-signals';
import { observeWebVitals } from './web-vitals';
import { afterPageSettles } from './after-page-settles';
import { loadOnFirstUse } from './load-on-first-use';
import type { RemoteSignals } from '../remotes/remote-signals';

/** Well inside a release proof's hour, so a visible tab's proof never lapses. */
const PROOF_RENEWAL_MS = 20 * 60_000;

/** A remote this browser loads from a developer's localhost build instead of the release. */
export interface ActiveOverride {
  remote: RemoteName;
  manifestUrl: string;
}

/** Everything the shell builds once at boot and shares with its routes and the remotes. */
export interface ShellServices {
  boot: BootData;
  /** What the guards read. Only the session writes tokens (decision 161). */
  store: Pick<TokenStore, 'signedIn' | 'forwarded'>;
  session: BrowserSession;
  /** A link's access_token offered to a viewer signed in already (decision 160). */
  accountSwitch: AccountSwitch;
  http: KyInstance;
  analytics: ShellAnalytics;
  /** The visitor's cookie-consent choice (issue 34 §5, decision 436). */
  consent: ConsentStore;
  /** The language the site speaks to this viewer (issue 34 §4, decision 470). */
  language: LanguageStore;
  runtime: RemoteRuntime;
  /** The release map this tab knows; the router revalidates it before each remote route. */
  releaseMaps: ReleaseMapSource;
  /** Developer overrides in force (empty unless configuration enables them). */
  overrides: ActiveOverride[];
  /** Removes every override; the caller reloads so the released versions load. */
  clearOverrides(): void;
  platform: Platform;
  /** Real-user signals per remote version, sent in batches (decision 131). */
  signals: RemoteSignals;
  /** Registers this browser as one of the account's devices (once per session). */
  devices: DeviceRegistrar;
}

export interface ShellServicesOptions {
  boot: BootData;
  federation: FederationApi;
  /** Where the shell sends the viewer when the session expires (set once the router exists). */
  onSessionExpired(): void;
}

export function createShellServices({
  boot,
  federation,
  onSessionExpired,
}: ShellServicesOptions): ShellServices {
  const { config } = boot;
  const apiOrigin = config.apiOrigin ?? deriveApiOrigin(window.location);
  const store = new TokenStore();
  const endpoint = new TokenEndpoint({
    apiOrigin,
    clientId: config.oauthClientId,
    clientSecret: config.oauthClientSecret,
  });
  // The session owns every token change; the HTTP client and the refresher ask it (decision 161).
  const session = new BrowserSession(store, endpoint, window, onSessionExpired);
  // Only a signed-in page refreshes, and seldom (decision 198): the refresher is fetched then.
  const loadRefresher = loadOnFirstUse(() =>
    import(/* webpackChunkName: "token-refresher" */ '../http/token-refresher').then(
      ({ TokenRefresher }) => new TokenRefresher(session, endpoint),
    ),
  );
  const refresher = {
    refresh: async (stale: string | null) => (await loadRefresher()).refresh(stale),
  };
  // A device signed out through this client may free a place for this browser's registration.
  let devices: DeviceRegistrar | null = null;
  const http = createHttpClient({ apiOrigin, session, refresher }).extend({
    hooks: { afterResponse: [deviceSignOutHook(() => devices?.placeFreed())] },
  });
  const accountSwitch = new AccountSwitch({
    session,
    lookup: createAccountLookup({ apiOrigin, http }),
    afterSwitch: () => window.location.reload(),
  });
  const consent = new ConsentStore(browserNeedsConsentChoice());
  const language = new LanguageStore({
    storage: safeStorage(),
    browserLanguages: viewerLocales,
    session,
    saveToAccount: saveAccountLanguage(http),
  });
  followAccountLanguage(http, session, language);
  const analytics = createAnalytics(http, consent);
  // What the edge served this browser, signed: every fallback report and signal carries it.
  const proofs = new ReleaseProofs(boot.releaseProof);
  const releaseMaps = new ReleaseMapSource({
    initial: boot.releaseMap,
    initialEtag: boot.releaseMapEtag,
    url: new URL(RELEASE_MAP_PATH, window.location.href).href,
    onProblem: (message) => console.warn(`[crease] ${message}`),
    onProof: (token) => proofs.add(token),
  });
  // A proof lives an hour (decision 155): a tab on one screen renews it while visible. The
  // static tier gives none, so there is nothing to renew.
  if (boot.releaseProof) {
    setInterval(() => {
      if (document.visibilityState === 'visible') void releaseMaps.renewProof();
    }, PROOF_RENEWAL_MS);
  }

  // Developer overrides: read (and the query consumed) before the router sees the URL.
  const overrideStorage = browserOverrideStorage();
  const resolved = resolveOverrides({
    enabled: config.remoteOverrides,
    storage: overrideStorage,
    href: window.location.href,
  });
  for (const problem of resolved.problems) console.warn(`[crease] ${problem}`);
  if (resolved.cleanUrl !== null)
    window.history.replaceState(window.history.state, '', resolved.cleanUrl);
  const overrides = Object.entries(resolved.overrides).map(([remote, manifestUrl]) => ({
    remote: remote as RemoteName,
    manifestUrl: manifestUrl!,
  }));

  const signals = new SignalQueue({
    url: new URL(SIGNALS_PATH, window.location.href).href,
    proofFor: (remote, version) => proofs.proofFor(remote, version),
    viewer: () => store.accessToken,
  });
  const runtime = new RemoteRuntime({
    federation,
    releaseMap: () => applyOverrides(releaseMaps.current(), resolved.overrides),
    baseUrl: () => window.location.href,
    timeoutMs: config.remoteLoadTimeoutMs,
    onLoadFailure: (remote, version) => signals.loadFailure(remote, version),
    onFallback: (event) => {
      signals.fallback(event.remote, event.failedVersion);
      console.warn(`${event.remote}: live version failed, serving last-known-good`, event.error);
      // Counted per version by the registry (`release status`); a fallback URL outside the
      // artifact layout has no version to count against.
      if (event.fallbackVersion !== null) {
        reportRemoteFallback(
          {
            remote: event.remote,
            failedVersion: event.failedVersion,
            fallbackVersion: event.fallbackVersion,
            proof: proofs.proofFor(event.remote, event.failedVersion, event.fallbackVersion),
            viewer: store.accessToken,
          },
          new URL(REMOTE_FALLBACK_PATH, window.location.href).href,
        );
      }
      analytics.track({
        name: 'remote_fallback',
        properties: {
          remote: event.remote,
          failed: event.failedManifestUrl,
          fallback: event.fallbackManifestUrl,
        },
      });
    },
  });
  signals.listen(window, document);
  // Web vitals once the page has settled, from a chunk of their own (decisions 206, 340). They are
  // reported when the page is hidden, maybe after the queue sent its batch: one more send catches them.
  const remoteShown = (name: string | null | undefined) => {
    const version = name && isRemoteName(name) ? runtime.liveVersion(name) : null;
    return name && version && isRemoteName(name) ? { remote: name, version } : null;
  };
  let resend = false;
  afterPageSettles(() => {
    void observeWebVitals(
      () =>
        remoteShown(
          document.querySelector('[data-remote]:not([hidden])')?.getAttribute('data-remote'),
        ),
      remoteShown,
      (remote, version, name, value) => signals.vital(remote, version, name, value),
      () => {
        if (document.visibilityState !== 'hidden' || resend) return;
        resend = true;
        queueMicrotask(() => {
          resend = false;
          signals.flush();
        });
      },
    );
  });
  // Only signing in, registering and resetting a password ask for a bot-check token: the check
  // and its solver are fetched at the first ask (decision 340).
  const botCheck = loadOnFirstUse(async () => {
    const [{ createBotCheck }, { solveInWorker }] = await Promise.all([
      import(/* webpackChunkName: "bot-check" */ './bot-check'),
      import(/* webpackChunkName: "bot-check" */ './altcha-worker-solve'),
    ]);
    return createBotCheck(config.botCheck, http, ACCOUNT_PATHS.botCheckChallenge, solveInWorker);
  });
  const platform: Platform = {
    http,
    session,
    botCheck: {
      token: async (action) => (await botCheck()).token(action),
      // A form gained focus: fetch the check and start its proof (a failure shows at submit).
      prepare: (action) =>
        void botCheck().then(
          (check) => check.prepare?.(action),
          () => undefined,
        ),
    },
    analytics,
    device: detectDevice(document, navigator.userAgent),
    config: { productName: config.productName, apiOrigin, features: config.features },
  };
  devices = new DeviceRegistrar({
    http,
    session,
    device: platform.device,
    appVersion: `web-${shellPackage.version}`,
    userAgent: navigator.userAgent,
  });
  void devices.ensure();
  return {
    boot,
    store,
    session,
    accountSwitch,
    http,
    analytics,
    consent,
    language,
    runtime,
    releaseMaps,
    overrides,
    clearOverrides: () => overrideStorage.remove(OVERRIDES_STORAGE_KEY),
    platform,
    signals,
    devices,
  };
}
