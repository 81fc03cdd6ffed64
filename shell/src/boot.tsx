import { StrictMode, startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { readBootData } from './config/boot-data';
import { createShellServices } from './platform/shell-services';
import { manifestGuardPlugin } from './remotes/manifest-guard-plugin';
import { loadSingleSpa } from './remotes/single-spa-loader';
import { createRoutes } from './routes/create-routes';
import { protectedRouteRedirect } from './navigation/guards';
import { findRoute } from './navigation/route-table';
import { consumeQueryToken } from './session/query-token';
import { useLanguage } from './i18n/use-language';
import type { LanguageStore } from './i18n/language-store';
import { ShellMessagesProvider, shellMessages, useMessages } from './messages';

declare global {
  interface Window {
    __CREASE__?: unknown;
  }
}

/** Lets the browser handle input and paint between boot stages (no single long task). */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** `<html lang>` follows the language the page is shown in (issue 34 §4). */
function HtmlLang() {
  const { language } = useMessages();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return null;
}

/** Every shell screen, the error page included, in the viewer's language. */
function ShellLanguage({ store, children }: { store: LanguageStore; children: ReactNode }) {
  const language = useLanguage(store);
  return (
    <ShellMessagesProvider language={language}>
      <HtmlLang />
      {children}
    </ShellMessagesProvider>
  );
}

/** Resolves once the router has run the first route's loaders and lazy modules. */
function initialized(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

export async function boot(): Promise<void> {
  const boot = readBootData(window.__CREASE__);
  for (const problem of boot.problems) console.warn(`[crease] ${problem}`);

  registerPlugins([manifestGuardPlugin()]);
  let router: ReturnType<typeof createBrowserRouter> | null = null;
  const services = createShellServices({
    boot,
    federation: { registerRemotes, loadRemote },
    // docs/product.md §4: after a failed refresh, to /signin (and back here after signing in again).
    onSessionExpired: () =>
      void router?.navigate(
        protectedRouteRedirect(services.store, new URL(window.location.href)) ?? '/signin',
        { replace: true },
      ),
  });

  // docs/product.md §4: a token in the query string signs a signed-out viewer in; a signed-in viewer is
  // asked first (decision 160). It never stays in the URL.
  const queryToken = consumeQueryToken(window.location.href, document.referrer, services.session);
  if (queryToken.cleanUrl !== null)
    window.history.replaceState(window.history.state, '', queryToken.cleanUrl);
  if (queryToken.outcome === 'rejected-malformed')
    console.warn('[crease] ignored a malformed access_token in the URL');
  if (queryToken.offered !== undefined)
    void services.accountSwitch.offer(queryToken.offered, document.referrer);

  // Start the route's remote now, in parallel with the router and React (no waterfall).
  const owner = findRoute(window.location.pathname)?.owner;
  if (owner && owner !== 'shell') {
    services.runtime.prefetch(owner);
    loadSingleSpa().catch(() => undefined); // the outlet reports a failure when it mounts
  }
  await yieldToMain();

  // A viewer who reads Hindi gets the Hindi catalogue before the first render (no English flash
  // from React); English is in the bundle already. A failed fetch leaves the page in English.
  const language = services.language.current();
  await shellMessages.load(language).then(
    () => void (document.documentElement.lang = language),
    (error: unknown) => console.warn(`[crease] the ${language} messages failed to load`, error),
  );

  router = createBrowserRouter(createRoutes(services));
  await initialized(router);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The prerendered welcome markup stays on screen until React commits the identical tree.
  // A transition lets React render in small slices instead of one long task that blocks input.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <ShellLanguage store={services.language}>
          <RouterProvider router={router} />
        </ShellLanguage>
      </StrictMode>,
    );
  });
}
