import { useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { pageTitle } from '@crease/contract';
import type { ShellServices } from '../platform/shell-services';
import { afterSignInRedirect, protectedRouteRedirect } from '../navigation/guards';
import {
  remoteAfterSignIn,
  remoteOfNextRoute,
  signInRemote,
  whenIdle,
} from '../remotes/prefetch-after-sign-in';
import { loadSingleSpa } from '../remotes/single-spa-loader';
import { AccountSwitchPrompt } from './account-switch-prompt';
import { Chrome } from './chrome';
import { ConsentBanner } from './consent-banner';
import { useLanguage } from '../i18n/use-language';

function useSignedIn(services: ShellServices): boolean {
  return useSyncExternalStore(
    (onChange) => services.session.subscribe(onChange),
    () => services.session.isSignedIn(),
    () => false,
  );
}

/**
 * The routed page frame: header and footer around the current screen. On every navigation
 * it scrolls to the top (docs/product.md §2), sets the title and records a page view.
 */
export function AppLayout({ services }: { services: ShellServices }) {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const signedIn = useSignedIn(services);
  const language = useLanguage(services.language);
  const { productName } = services.boot.config;
  const access = (matches[matches.length - 1]?.handle as { access?: string } | undefined)?.access;
  // Set when the viewer presses Sign out in this tab: they go home, and the protected-route
  // redirect below must not turn that into /signin?returnTo=… (issue 23 §4).

  useEffect(() => {
    window.scrollTo(0, 0);
    const title = pageTitle(productName, location.pathname);
    document.title = title;
    services.analytics.pageView({ path: location.pathname, title, referrer: document.referrer });
    // A registration that failed (or that the player asks for again after this browser was
    // signed out) is tried again once the viewer moves on.
    void services.devices.ensure();
  }, [location.key, location.pathname, productName, services.analytics, services.devices]);

  // Signed out elsewhere (another tab, an expired session) while on a protected screen.
  // Signed in on /signin (the sign-in form, or another tab): continue where the guard sent from.
  useEffect(() => {
    if (!signedIn && access === 'protected') {
      // Signed out in this tab, by the header or by a screen that moves on itself (/account after
      // deleting the account goes to /signin?deleted=1): only a sign-out elsewhere is redirected.
      if (services.session.signedOutHere) return;
      void navigate(
        protectedRouteRedirect(services.store, new URL(window.location.href)) ?? '/signin',
        {
          replace: true,
        },
      );
    } else if (signedIn && location.pathname === '/signin') {
      void navigate(afterSignInRedirect(services.store, location.search), { replace: true });
    }
  }, [
    signedIn,
    access,
    navigate,
    location.pathname,
    location.search,
    services.store,
    services.session,
  ]);

  // While the viewer signs in, fetch the remote they will land on (decision 086): once the
  // sign-in screen itself has loaded and the page is idle, so it never slows that screen.
  useEffect(() => {
    if (signedIn || location.pathname !== '/signin') return;
    const remote = remoteAfterSignIn(services.store, location.search);
    const current = signInRemote();
    if (!remote || !current) return;
    let cancel = () => {};
    let left = false;
    services.runtime
      .load(current)
      .then(() => {
        if (left) return;
        cancel = whenIdle(() => {
          services.runtime.prefetch(remote);
          loadSingleSpa().catch(() => undefined);
        });
      })
      .catch(() => undefined);
    return () => {
      left = true;
      cancel();
    };
  }, [signedIn, location.pathname, location.search, services]);

  // A signed-in viewer's likely next remote (Watch on /events → mf-player), fetched once this
  // page is idle (decision 381): the release map, retries and fallback apply as to any load.
  useEffect(() => {
    const next = signedIn ? remoteOfNextRoute(location.pathname) : null;
    if (!next) return;
    return whenIdle(() => services.runtime.prefetch(next));
  }, [signedIn, location.pathname, services]);

  return (
    <Chrome
      productName={productName}
      signedIn={signedIn}
      overrides={services.overrides}
      onClearOverrides={() => {
        services.clearOverrides();
        window.location.reload();
      }}
      onCookieSettings={() => services.consent.openSettings()}
      language={language}
      onLanguageChange={(next) => services.language.choose(next)}
      onSignOut={() => {
        services.session.signOut();
        void navigate('/');
      }}
    >
      <Outlet />
      <AccountSwitchPrompt accountSwitch={services.accountSwitch} />
      <ConsentBanner consent={services.consent} />
    </Chrome>
  );
}
