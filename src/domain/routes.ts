/**
 * The one route table (SPEC §2), read by both sides: the client's router (src/app/routes.tsx maps
 * each screen key to its lazily loaded screen), the server render's 404 decisions
 * (src/entry-server.tsx), the server's fast path to the render, its HTML cache, `sitemap.xml` and
 * `robots.txt` (server/app.ts, server/ssr/), and the staff console (its pages and menu).
 *
 * Every page is rendered on the server with its data; what differs between routes is who may open
 * them and whether every visitor gets the same render.
 */

/** Who may open a page: anyone, a signed-in shopper (`RequireAuth`), or staff (`RequireStaff`). */
export type RouteAccess = 'public' | 'private' | 'staff';

/**
 * How a page appears to search engines and the HTML cache:
 * - `page`: the same render for every visitor (kept in the anonymous HTML cache), in the sitemap;
 * - `each`: one page per item (a product, a bundle): the same render for every visitor, each listed
 *   item in the sitemap (the server knows which are listed);
 * - `none`: a shopper's own page or a step of a flow: rendered per request, never in the sitemap,
 *   disallowed to crawlers.
 */
export type RouteIndexing = 'page' | 'each' | 'none';

export interface AppRoute {
  /** A react-router pattern (`:name` parameters, a trailing `/*` for a section with its own routes). */
  path: string;
  /** The screen it shows; the client maps each key to a component. */
  screen: string;
  access: RouteAccess;
  indexing: RouteIndexing;
  /** What a parameter must look like for the page to exist (a regular expression's source); others are not found. */
  params?: Readonly<Record<string, string>>;
}

/** A MongoDB-style id: the only shape a product or bundle id has. */
const OBJECT_ID = '[0-9a-fA-F]{24}';

export const ROUTES = [
  { path: '/', screen: 'home', access: 'public', indexing: 'page' },
  { path: '/collection', screen: 'store', access: 'public', indexing: 'page' },
  { path: '/about', screen: 'about', access: 'public', indexing: 'page' },
  { path: '/contact', screen: 'contact', access: 'public', indexing: 'page' },
  { path: '/product/:productId', screen: 'product', access: 'public', indexing: 'each', params: { productId: OBJECT_ID } },
  { path: '/bundle/:bundleId', screen: 'bundle', access: 'public', indexing: 'each', params: { bundleId: OBJECT_ID } },
  { path: '/cart', screen: 'cart', access: 'public', indexing: 'none' },
  { path: '/login', screen: 'login', access: 'public', indexing: 'none' },
  { path: '/forgot-password', screen: 'forgotPassword', access: 'public', indexing: 'none' },
  { path: '/reset-password/:token', screen: 'resetPassword', access: 'public', indexing: 'none' },
  { path: '/place-order', screen: 'placeOrder', access: 'private', indexing: 'none' },
  { path: '/verify', screen: 'verify', access: 'public', indexing: 'none' },
  { path: '/order-placed', screen: 'orderPlaced', access: 'public', indexing: 'none' },
  { path: '/orders', screen: 'orders', access: 'private', indexing: 'none' },
  { path: '/wishlist', screen: 'wishlist', access: 'public', indexing: 'none' },
  // The link of the e-mail inviting a delivered order's buyer to review (a signed token in the query).
  { path: '/review', screen: 'reviewInvite', access: 'private', indexing: 'none' },
  // The staff console: one lazy chunk with its own pages (STAFF_PAGES).
  { path: '/staff/*', screen: 'staffConsole', access: 'staff', indexing: 'none' },
] as const satisfies readonly AppRoute[];

export type ScreenKey = (typeof ROUTES)[number]['screen'];

/** A page of the staff console: its path under /staff ('' for the console's home) and its menu label, if it has an entry. */
export interface StaffPage {
  path: string;
  screen: string;
  /** The menu entry that leads here, and that is marked current on this page and below it. */
  nav?: string;
}

export const STAFF_PAGES = [
  { path: '', screen: 'dashboard', nav: 'Dashboard' },
  { path: 'inbox', screen: 'inbox', nav: 'Inbox' },
  { path: 'inbox/:conversationId', screen: 'inbox' },
  { path: 'orders', screen: 'ordersBoard', nav: 'Orders' },
  { path: 'orders/:orderId', screen: 'staffOrder' },
  // Packing slips: one order's, or a selection's (?ids=…), one order per printed sheet.
  { path: 'orders/:orderId/slip', screen: 'packingSlips' },
  { path: 'slips', screen: 'packingSlips' },
  // Abandoned checkouts sit with the orders (the menu marks Orders there).
  { path: 'abandoned', screen: 'abandoned' },
  { path: 'print-queue', screen: 'printQueue', nav: 'Print queue' },
  { path: 'print-queue/settings', screen: 'printingSettings' },
  { path: 'customers', screen: 'customers', nav: 'Customers' },
  { path: 'customers/:customerId', screen: 'customer' },
  { path: 'reviews', screen: 'reviews', nav: 'Reviews' },
  { path: 'products', screen: 'products', nav: 'Products' },
  { path: 'products/new', screen: 'productEditor' },
  { path: 'products/:id', screen: 'productEditor' },
  { path: 'bundles', screen: 'bundles', nav: 'Bundles' },
  { path: 'bundles/new', screen: 'bundleEditor' },
  { path: 'bundles/:id', screen: 'bundleEditor' },
  { path: 'discounts', screen: 'discounts', nav: 'Discounts' },
  { path: 'settings', screen: 'settings', nav: 'Settings' },
] as const satisfies readonly StaffPage[];

export type StaffScreenKey = (typeof STAFF_PAGES)[number]['screen'];

/** The console's menu: one entry per page that has a label, in table order. */
export const STAFF_NAV: ReadonlyArray<{ to: string; label: string }> = STAFF_PAGES.flatMap((page: StaffPage) =>
  page.nav ? [{ to: page.path ? `/staff/${page.path}` : '/staff', label: page.nav }] : [],
);

/** The path's fixed start, before its first parameter or wildcard (`/reset-password/:token` → `/reset-password/`, `/staff/*` → `/staff`). */
export function staticPrefix(path: string): string {
  // Route table paths only (a few dozen characters); never a request's text.
  if (path.length > 256) return path;
  const cut = path.search(/[:*]/);
  if (cut < 0) return path;
  const prefix = path.slice(0, cut);
  return path[cut] === '*' ? prefix.replace(/\/$/, '') : prefix;
}

/** Paths crawlers are kept out of (robots.txt): the start of every page that is not indexed. */
export const UNINDEXED_PREFIXES: readonly string[] = ROUTES.filter((r: AppRoute) => r.indexing === 'none').map((r) => staticPrefix(r.path));

/** Pages every visitor sees alike: what the sitemap lists and the anonymous HTML cache may keep. */
export const SHARED_ROUTES: readonly AppRoute[] = ROUTES.filter((r: AppRoute) => r.indexing !== 'none');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A regular expression matching the paths of `routes` exactly (parameters by their `params` pattern,
 * anything but a slash without one); `flags` as RegExp's.
 */
export function routePattern(routes: readonly AppRoute[], flags = ''): RegExp {
  const alternatives = routes.map((route) =>
    route.path
      .split('/')
      .map((part) => (part.startsWith(':') ? `(?:${route.params?.[part.slice(1)] ?? '[^/]+'})` : part === '*' ? '.*' : escapeRegExp(part)))
      .join('/'),
  );
  return new RegExp(`^(?:${alternatives.join('|')})$`, flags);
}
