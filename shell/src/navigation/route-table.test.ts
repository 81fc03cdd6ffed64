import { REMOTE_NAMES } from '@crease/contract';
import { ROUTE_TABLE, findRoute } from './route-table';

// docs/product.md §2, copied by hand so that a change to the table has to be a change to the spec too.
const PUBLIC = [
  '/',
  '/register',
  '/signin',
  '/change-password',
  '/acceptable-use-policy',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/refund-policy',
  '/reset-password',
];
/**
 * Routes of ours beyond docs/product.md §2 (it says more screens exist than it lists), each with its
 * decision: /verify-email, the emailed confirmation link (decision 405); /accessibility, the
 * accessibility statement (issue 34 §6, decision 438); /autopay-cancel, the UPI AutoPay pre-debit
 * notice's one-click cancel (issue 34 §2, decision 462).
 */
const OURS_PUBLIC = ['/verify-email', '/accessibility', '/autopay-cancel'];
const PROTECTED = [
  '/plans',
  '/payment-success',
  '/payment-fail',
  '/payment-process',
  '/trial-activation',
  '/trial-activation-success',
  '/events',
  '/account',
  '/payment-history',
  '/player',
  '/secure-payment',
];

describe('ROUTE_TABLE', () => {
  it('has every docs/product.md §2 route and nothing else but our listed ones', () => {
    expect(ROUTE_TABLE.map((route) => route.path).sort()).toEqual(
      [...PUBLIC, ...OURS_PUBLIC, ...PROTECTED].sort(),
    );
  });

  it.each([...PUBLIC, ...PROTECTED])('lists %s exactly once', (path) => {
    expect(ROUTE_TABLE.filter((route) => route.path === path)).toHaveLength(1);
  });

  it.each([...PUBLIC, ...OURS_PUBLIC])('%s is public', (path) => {
    expect(findRoute(path)?.access).toBe('public');
  });

  it.each(PROTECTED)('%s needs sign-in', (path) => {
    expect(findRoute(path)?.access).toBe('protected');
  });

  it('gives every route a unique screen id and an owner that exists', () => {
    const screens = ROUTE_TABLE.map((route) => route.screen);
    expect(new Set(screens).size).toBe(screens.length);
    for (const route of ROUTE_TABLE) {
      expect(['shell', ...REMOTE_NAMES]).toContain(route.owner);
    }
    expect(findRoute('/')?.owner).toBe('shell');
  });
});

describe('findRoute', () => {
  it('finds a route by its exact path', () => {
    expect(findRoute('/privacy-policy')).toEqual(
      expect.objectContaining({
        path: '/privacy-policy',
        owner: 'mf-legal',
        screen: 'privacy-policy',
      }),
    );
  });

  it('ignores trailing slashes', () => {
    expect(findRoute('/plans/')?.path).toBe('/plans');
    expect(findRoute('/plans///')?.path).toBe('/plans');
    expect(findRoute('/')?.path).toBe('/');
  });

  it('finds nothing for unknown or partial paths', () => {
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/plans/extra')).toBeUndefined();
    expect(findRoute('/Plans')).toBeUndefined();
    expect(findRoute('')).toBeUndefined();
  });
});
