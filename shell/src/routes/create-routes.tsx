import type { RouteObject } from 'react-router-dom';
import type { RemoteName } from '@crease/contract';
import { AppLayout } from '../layout/app-layout';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteErrorPage } from '../pages/route-error-page';
import { storefrontSource } from '../pages/storefront/storefront-source';
import type { ShellServices } from '../platform/shell-services';
import { alwaysRecheck, releaseMapLoader } from '../remotes/release-map-loader';
import { RemoteOutlet } from '../remotes/remote-outlet';
import { protectedLoader, welcomeLoader } from '../navigation/guards';
import { ROUTE_TABLE } from '../navigation/route-table';
import { useLanguage } from '../i18n/use-language';

/** Routes grouped by remote, so each remote's parcel is one element shared by its screens. */
function remoteGroups(): Map<RemoteName, typeof ROUTE_TABLE> {
  const groups = new Map<RemoteName, (typeof ROUTE_TABLE)[number][]>();
  for (const route of ROUTE_TABLE) {
    if (route.owner === 'shell') continue;
    const list = groups.get(route.owner) ?? [];
    list.push(route);
    groups.set(route.owner, list);
  }
  return groups;
}

/** A remote's outlet, told the viewer's language on every change. */
function LanguageOutlet({ services, remote }: { services: ShellServices; remote: RemoteName }) {
  const { runtime, platform, signals } = services;
  const language = useLanguage(services.language);
  return (
    <RemoteOutlet
      remote={remote}
      runtime={runtime}
      platform={platform}
      language={language}
      signals={signals}
    />
  );
}

/** The shell's data-router tree, built from the one route table. */
export function createRoutes(services: ShellServices): RouteObject[] {
  const { store } = services;
  const remoteRoutes: RouteObject[] = [...remoteGroups()].map(([remote, routes]) => ({
    id: remote,
    element: <LanguageOutlet services={services} remote={remote} />,
    children: routes.map((route) => ({
      path: route.path,
      handle: { screen: route.screen, access: route.access },
      ...(route.access === 'protected' ? { loader: protectedLoader(store) } : {}),
      element: null,
    })),
  }));
  return [
    {
      id: 'root',
      // The release map is revalidated before each route (open tabs get new releases there).
      loader: releaseMapLoader(services.releaseMaps),
      shouldRevalidate: alwaysRecheck,
      element: <AppLayout services={services} />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          index: true,
          handle: { screen: 'welcome', access: 'public' },
          loader: welcomeLoader(store),
          lazy: async () => {
            const { WelcomePage } = await import(
              /* webpackChunkName: "welcome" */ '../pages/welcome-page'
            );
            const productName = services.boot.config.productName;
            const storefront = storefrontSource(services.platform.config.apiOrigin);
            return {
              Component: () => <WelcomePage productName={productName} storefront={storefront} />,
            };
          },
        },
        ...remoteRoutes,
        { path: '*', handle: { screen: 'not-found', access: 'public' }, element: <NotFoundPage /> },
      ],
    },
  ];
}
