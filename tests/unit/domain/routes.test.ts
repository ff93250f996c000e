import { describe, expect, it } from 'vitest';
import { ROUTES, routePattern, SHARED_ROUTES, STAFF_NAV, STAFF_PAGES, staticPrefix, UNINDEXED_PREFIXES } from '../../../src/domain/routes';
import { fastifyPath } from '../../../server/app';
import { PRIVATE_ROUTES, PUBLIC_ROUTES } from '../../../server/ssr/seo';
import { canonicalUrl } from '../../../server/ssr/htmlCache';

const ID = '0123456789abcdefABCDEF01';

describe('the route table', () => {
  it('holds every route of SPEC §2 and the staff console, each path once', () => {
    expect(ROUTES.map((r) => r.path)).toEqual([
      '/', '/collection', '/about', '/contact', '/product/:productId', '/bundle/:bundleId', '/cart', '/login',
      '/forgot-password', '/reset-password/:token', '/place-order', '/verify', '/order-placed', '/orders', '/wishlist', '/review', '/staff/*',
    ]);
    expect(new Set(ROUTES.map((r) => r.screen)).size).toBe(ROUTES.length);
    expect(ROUTES.filter((r) => r.access === 'private').map((r) => r.path)).toEqual(['/place-order', '/orders', '/review']);
    expect(ROUTES.filter((r) => r.access === 'staff').map((r) => r.path)).toEqual(['/staff/*']);
  });

  it('gives the sitemap the pages every visitor sees alike, and crawlers none of the shopper’s own', () => {
    expect(PUBLIC_ROUTES).toEqual(['/', '/collection', '/about', '/contact']);
    expect(SHARED_ROUTES.map((r) => r.path)).toEqual([...PUBLIC_ROUTES, '/product/:productId', '/bundle/:bundleId']);
    expect([...PRIVATE_ROUTES].sort()).toEqual(
      ['/cart', '/wishlist', '/orders', '/place-order', '/verify', '/order-placed', '/login', '/forgot-password', '/reset-password/', '/review', '/api/', '/pay/', '/staff'].sort(),
    );
    expect(UNINDEXED_PREFIXES).not.toContain('/');
    expect(staticPrefix('/reset-password/:token')).toBe('/reset-password/');
    expect(staticPrefix('/staff/*')).toBe('/staff');
  });

  it('matches a page’s parameters by their pattern: the HTML cache keeps only real product and bundle pages', () => {
    const shared = routePattern(SHARED_ROUTES);
    for (const path of ['/', '/collection', '/about', '/contact', `/product/${ID}`, `/bundle/${ID}`]) expect(shared.test(path)).toBe(true);
    for (const path of ['/product/nope', `/product/${ID}0`, `/product/${ID}/x`, '/cart', '/orders', '/staff', '/collection/x', '/aboutx']) expect(shared.test(path)).toBe(false);
    expect(canonicalUrl(`/product/${ID}/`)).toBe(`/product/${ID.toLowerCase()}`);
    expect(canonicalUrl('/product/nope')).toBeNull();
    expect(canonicalUrl('/cart')).toBeNull();
  });

  it('writes the server’s fast-path routes with their id patterns', () => {
    expect(SHARED_ROUTES.filter((r) => r.path !== '/').map(fastifyPath)).toEqual([
      '/collection', '/about', '/contact', '/product/:productId(^[0-9a-fA-F]{24}$)', '/bundle/:bundleId(^[0-9a-fA-F]{24}$)',
    ]);
  });

  it('gives the staff console its pages and its menu', () => {
    expect(STAFF_NAV).toEqual([
      { to: '/staff', label: 'Dashboard' },
      { to: '/staff/inbox', label: 'Inbox' },
      { to: '/staff/orders', label: 'Orders' },
      { to: '/staff/print-queue', label: 'Print queue' },
      { to: '/staff/customers', label: 'Customers' },
      { to: '/staff/reviews', label: 'Reviews' },
      { to: '/staff/products', label: 'Products' },
      { to: '/staff/bundles', label: 'Bundles' },
      { to: '/staff/discounts', label: 'Discounts' },
      { to: '/staff/settings', label: 'Settings' },
    ]);
    expect(STAFF_PAGES.map((p) => p.path)).toEqual(expect.arrayContaining(['bundles/new', 'inbox/:conversationId', 'abandoned', 'customers/:customerId', 'print-queue/settings', 'orders/:orderId/slip', 'slips']));
  });
});
