import type { KyInstance } from 'ky';
import type { Platform } from '@crease/contract';
import { deriveApiOrigin } from '@crease/contract';
import type { BootData } from '../config/boot-data';
import { createHttpClient } from '../http/http-client';
import { TokenEndpoint } from '../http/token-endpoint';
import { TokenRefresher } from '../http/token-refresher';
import type { FederationApi } from '../remotes/remote-runtime';
import { RemoteRuntime } from '../remotes/remote-runtime';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { createAnalytics } from './analytics';
import type { ShellAnalytics } from './analytics';
import { createBotCheck } from './bot-check';
import { detectDevice } from './device';

/** Everything the shell builds once at boot and shares with its routes and the remotes. */
export interface ShellServices {
  boot: BootData;
  store: TokenStore;
  session: BrowserSession;
  http: KyInstance;
  analytics: ShellAnalytics;
  runtime: RemoteRuntime;
  platform: Platform;
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
  const { config, releaseMap } = boot;
  const apiOrigin = config.apiOrigin ?? deriveApiOrigin(window.location);
  const store = new TokenStore();
  const endpoint = new TokenEndpoint({
    apiOrigin,
    clientId: config.oauthClientId,
    clientSecret: config.oauthClientSecret,
  });
  const session = new BrowserSession(store, endpoint);
  const refresher = new TokenRefresher(store, endpoint, () => {
    session.notify();
    onSessionExpired();
  });
  const http = createHttpClient({ apiOrigin, store, refresher });
  const analytics = createAnalytics(http);
  const runtime = new RemoteRuntime({
    federation,
    releaseMap: () => releaseMap,
    baseUrl: () => window.location.href,
    timeoutMs: config.remoteLoadTimeoutMs,
    onFallback: (event) => {
      console.warn(`${event.remote}: live version failed, serving last-known-good`, event.error);
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
  const platform: Platform = {
    http,
    session,
    botCheck: createBotCheck(config.botCheck, http),
    analytics,
    device: detectDevice(document, navigator.userAgent),
    config: { productName: config.productName, apiOrigin, features: config.features },
  };
  return { boot, store, session, http, analytics, runtime, platform };
}
