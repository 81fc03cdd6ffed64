import type { RemoteName } from '@crease/contract';

export type Access = 'public' | 'protected';

export interface RouteDefinition {
  path: string;
  /** Who renders it: the shell itself, or a remote loaded at runtime. */
  owner: 'shell' | RemoteName;
  /** Screen id passed to the remote parcel as `screen`. */
  screen: string;
  access: Access;
  /**
   * The route a viewer usually opens from this one (Watch on /events → /player): the shell
   * fetches its remote once this page is idle, for a signed-in viewer (decision 381).
   */
  next?: string;
}

/** Query parameter the guard uses to send a viewer back after sign-in. */
export { RETURN_TO_PARAM } from '@crease/contract';

/**
 * Every route of the product (docs/product.md §2), its owner (docs/architecture.md §1) and its access level.
 * The one place route strings live; the edge server reads the built copy to preload a route's remote.
 */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  { path: '/', owner: 'shell', screen: 'welcome', access: 'public' },

  { path: '/register', owner: 'mf-auth', screen: 'register', access: 'public' },
  { path: '/signin', owner: 'mf-auth', screen: 'signin', access: 'public' },
  { path: '/change-password', owner: 'mf-auth', screen: 'change-password', access: 'public' },
  { path: '/reset-password', owner: 'mf-auth', screen: 'reset-password', access: 'public' },
  // The emailed confirmation link (decision 405): public, it may be opened on another device.
  { path: '/verify-email', owner: 'mf-auth', screen: 'verify-email', access: 'public' },

  {
    path: '/acceptable-use-policy',
    owner: 'mf-legal',
    screen: 'acceptable-use-policy',
    access: 'public',
  },
  { path: '/privacy-policy', owner: 'mf-legal', screen: 'privacy-policy', access: 'public' },
  { path: '/terms-of-service', owner: 'mf-legal', screen: 'terms-of-service', access: 'public' },
  { path: '/cookie-policy', owner: 'mf-legal', screen: 'cookie-policy', access: 'public' },
  { path: '/refund-policy', owner: 'mf-legal', screen: 'refund-policy', access: 'public' },
  // The accessibility statement the European Accessibility Act asks for (issue 34 §6).
  {
    path: '/accessibility',
    owner: 'mf-legal',
    screen: 'accessibility-statement',
    access: 'public',
  },

  { path: '/plans', owner: 'mf-billing', screen: 'plans', access: 'protected' },
  { path: '/payment-success', owner: 'mf-billing', screen: 'payment-success', access: 'protected' },
  { path: '/payment-fail', owner: 'mf-billing', screen: 'payment-fail', access: 'protected' },
  { path: '/payment-process', owner: 'mf-billing', screen: 'payment-process', access: 'protected' },
  {
    path: '/trial-activation',
    owner: 'mf-billing',
    screen: 'trial-activation',
    access: 'protected',
  },
  {
    path: '/trial-activation-success',
    owner: 'mf-billing',
    screen: 'trial-activation-success',
    access: 'protected',
  },
  { path: '/account', owner: 'mf-billing', screen: 'account', access: 'protected' },
  { path: '/payment-history', owner: 'mf-billing', screen: 'payment-history', access: 'protected' },
  { path: '/secure-payment', owner: 'mf-billing', screen: 'secure-payment', access: 'protected' },
  // The pre-debit notice's one-click cancel (decision 462): the mailed token, no sign-in.
  { path: '/autopay-cancel', owner: 'mf-billing', screen: 'autopay-cancel', access: 'public' },

  { path: '/events', owner: 'mf-catalog', screen: 'events', access: 'protected', next: '/player' },

  { path: '/player', owner: 'mf-player', screen: 'player', access: 'protected' },
];

/** Exact-path lookup (the product has no parameterised paths). Trailing slashes are ignored. */
export function findRoute(pathname: string): RouteDefinition | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_TABLE.find((route) => route.path === normalized);
}
