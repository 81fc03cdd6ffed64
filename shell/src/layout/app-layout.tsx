import { useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { pageTitle } from '@crease/contract';
import type { ShellServices } from '../platform/shell-services';
import { Chrome } from './chrome';

function useSignedIn(services: ShellServices): boolean {
  return useSyncExternalStore(
    (onChange) => services.session.subscribe(onChange),
    () => services.session.isSignedIn(),
    () => false,
  );
}

/**
 * The routed page frame: header and footer around the current screen. On every navigation
 * it scrolls to the top (SPEC §2), sets the title and records a page view.
 */
export function AppLayout({ services }: { services: ShellServices }) {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const signedIn = useSignedIn(services);
  const { productName } = services.boot.config;
  const access = (matches[matches.length - 1]?.handle as { access?: string } | undefined)?.access;

  useEffect(() => {
    window.scrollTo(0, 0);
    const title = pageTitle(productName, location.pathname);
    document.title = title;
    services.analytics.pageView({ path: location.pathname, title, referrer: document.referrer });
  }, [location.key, location.pathname, productName, services.analytics]);

  // Signed out elsewhere (another tab, an expired session) while on a protected screen.
  useEffect(() => {
    if (!signedIn && access === 'protected') {
      void navigate('/signin', { replace: true });
    }
  }, [signedIn, access, navigate]);

  return (
    <Chrome
      productName={productName}
      signedIn={signedIn}
      onSignOut={() => {
        services.session.signOut();
        void navigate('/');
      }}
    >
      <Outlet />
    </Chrome>
  );
}
