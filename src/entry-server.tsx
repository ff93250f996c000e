/**
 * Server rendering: the server (server/ssr/) renders every page per request with this
 * module: the app's own routes, store and RTK Query endpoints, answered in-process. It renders what
 * a first-time visitor sees — a guest with an empty cart — with the catalog, bundles and settings
 * loaded, and hands the RTK Query cache to the client (main.tsx hydrates from it, no refetch).
 *
 * No streamed reveals: the render waits for everything (`onAllReady`), because a streamed Suspense
 * reveal needs an inline script and the CSP allows none.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
// eslint-disable-next-line no-restricted-imports -- emotion's package for server rendering, not our server/
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { Writable } from 'node:stream';
import type { RenderedPage, RenderInput, SharedData } from './domain/renderContract';
import { baseApi, serverDataArrived } from './api/baseApi';
import { App } from './app/App';
import { adoptableStyleTags, EMOTION_KEY } from './app/serverStyles';
import { preloadRoute } from './app/routes';
import { bundlesApi, selectActiveBundles } from './features/bundles/bundlesApi';
import { catalogApi } from './features/catalog/catalogApi';
import { reviewsApi, type ReviewPageArgs } from './features/reviews';
import { shipByApi } from './features/printing';
import { routerStateAt } from './features/router/routerSlice';
import { ROUTES, type AppRoute } from './domain/routes';

export type { RenderedPage, RenderInput, SharedData } from './domain/renderContract';
import { defaultDeps } from './store/deps';
import { makeStore, type AppStore } from './store/store';

/** The endpoints a page prefetches: their guest answers depend on the catalog, the bundles and the settings only. */
const SHARED_ENDPOINTS = ['getProducts', 'getProduct', 'getBundles', 'getSettings'] as const;
/** Above this many entries the shared data starts again from one render's (a bound on memory). */
const MAX_SHARED_QUERIES = 2000;

type Tag = { type: string; id?: string | number };
interface QueryEntry {
  status?: string;
  endpointName?: string;
  originalArgs?: unknown;
}
interface ApiCacheState {
  queries: Readonly<Record<string, QueryEntry | undefined>>;
  provided: { keys: Readonly<Record<string, readonly unknown[] | undefined>> };
}

/** RTK Query's cache state holding `queries` (frozen entries, shared as they are) and the tags they provide. */
function sharedData(queries: Record<string, unknown>, providedKeys: Record<string, readonly unknown[]>): SharedData {
  // The tag index of these entries, as RTK Query keeps it (tag type → id → cache keys).
  const tags: Record<string, Record<string, string[]>> = {};
  for (const [key, provided] of Object.entries(providedKeys)) {
    for (const tag of provided as Tag[]) ((tags[tag.type] ??= {})[String(tag.id ?? '__internal_without_id')] ??= []).push(key);
  }
  return Object.freeze({ api: Object.freeze({ queries: Object.freeze(queries), mutations: Object.freeze({}), provided: Object.freeze({ tags, keys: Object.freeze(providedKeys) }) }) });
}

const EMPTY_SHARED = sharedData({}, {});

/** The entries of `shared` that answer `wanted` (endpoint and argument), with their tags: what one page starts from. */
function seedOf(shared: SharedData, wanted: readonly PrefetchQuery[]): SharedData {
  const queries: Record<string, unknown> = {};
  const keys: Record<string, readonly unknown[]> = {};
  for (const [key, entry] of Object.entries(shared.api.queries as ApiCacheState['queries'])) {
    if (!wanted.some((w) => w.endpoint === entry?.endpointName && w.arg === entry.originalArgs)) continue;
    queries[key] = entry;
    const provided = shared.api.provided.keys[key];
    if (provided) keys[key] = provided;
  }
  return sharedData(queries, keys);
}

/**
 * `shared` plus the fulfilled entries of the shared endpoints that `api` holds and `shared` lacks
 * (`shared` itself when there are none). The entries are the store's own, frozen by immer.
 */
function withSharedEntries(shared: SharedData, api: ApiCacheState): SharedData {
  const added = Object.entries(api.queries).filter(
    ([key, entry]) => entry?.status === 'fulfilled' && (SHARED_ENDPOINTS as readonly (string | undefined)[]).includes(entry.endpointName) && shared.api.queries[key] === undefined,
  );
  if (added.length === 0) return shared;
  const base = Object.keys(shared.api.queries).length + added.length > MAX_SHARED_QUERIES ? EMPTY_SHARED : shared;
  const queries: Record<string, unknown> = { ...base.api.queries };
  const keys: Record<string, readonly unknown[]> = { ...base.api.provided.keys };
  for (const [key, entry] of added) {
    queries[key] = entry;
    const provided = api.provided.keys[key];
    if (provided) keys[key] = provided;
  }
  return sharedData(queries, keys);
}

/**
 * One query a page prefetches: an endpoint and its argument. A product's first page of reviews is
 * not shared between renders (its helpful counts move without a new catalog version).
 */
type PrefetchQuery =
  | { endpoint: (typeof SHARED_ENDPOINTS)[number]; arg: string | undefined }
  | { endpoint: 'getProductReviews'; arg: ReviewPageArgs }
  | { endpoint: 'getProductShipBy'; arg: string };

interface PagePlan {
  /** The route table's entry the path matches, with its parameters; null: no such page. */
  match: { route: AppRoute; params: Readonly<Record<string, string | undefined>> } | null;
  queries: PrefetchQuery[];
  productId?: string;
}

/** What the page at `pathname` shows: the catalog, bundles and settings on every page, and its product. */
function planPage(pathname: string): PagePlan {
  const found = matchRoutes<AppRoute>(ROUTES.map((route) => ({ ...route })), pathname)?.[0];
  const match = found ? { route: found.route, params: found.params } : null;
  const queries: PrefetchQuery[] = [
    { endpoint: 'getProducts', arg: undefined },
    { endpoint: 'getBundles', arg: undefined },
    { endpoint: 'getSettings', arg: undefined },
  ];
  const productId = match?.route.screen === 'product' ? match.params.productId : undefined;
  if (productId) {
    queries.push({ endpoint: 'getProduct', arg: productId });
    // The reviews section's first view (most recent, all stars, page 1): the same cache entry it asks for.
    queries.push({ endpoint: 'getProductReviews', arg: { productId, sort: 'recent', stars: null, page: 1 } });
    // When it ships (the page's statement is in the HTML; the page cache's key follows the queue and the day).
    queries.push({ endpoint: 'getProductShipBy', arg: productId });
  }
  return { match, queries, ...(productId ? { productId } : {}) };
}

function subscribe(store: AppStore, query: PrefetchQuery): { unsubscribe(): void } {
  if (query.endpoint === 'getProductReviews') return store.dispatch(reviewsApi.endpoints.getProductReviews.initiate(query.arg));
  if (query.endpoint === 'getProductShipBy') return store.dispatch(shipByApi.endpoints.getProductShipBy.initiate(query.arg));
  const { endpoint, arg } = query;
  switch (endpoint) {
    case 'getProducts':
      return store.dispatch(catalogApi.endpoints.getProducts.initiate());
    case 'getBundles':
      return store.dispatch(bundlesApi.endpoints.getBundles.initiate());
    case 'getSettings':
      return store.dispatch(catalogApi.endpoints.getSettings.initiate());
    case 'getProduct':
      return store.dispatch(catalogApi.endpoints.getProduct.initiate(arg!));
  }
}

/**
 * Prefetches what the page shows through the endpoints the screens use (answered from the store's
 * cache where it was seeded), and says whether it exists.
 */
async function prefetch(store: AppStore, { match, queries, productId }: PagePlan): Promise<number> {
  const subscriptions = queries.map((q) => subscribe(store, q));
  await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));
  // Nothing on the server keeps a subscription (the timers the unsubscribes start are cleared with the store, see render).
  for (const s of subscriptions) s.unsubscribe();

  if (!match) return 404;
  const state = store.getState();
  if (productId) {
    const product = catalogApi.endpoints.getProduct.select(productId)(state);
    // Unknown, or an id no product can have (the API refuses it with 400): the page says 'Product not found.'.
    const status = product.isError ? (product.error as { status?: unknown }).status : undefined;
    if (status === 404 || status === 400) return 404;
  }
  // A bundle the page cannot show (unknown, or outside its window) says so, as the client does.
  if (match.route.screen === 'bundle' && bundlesApi.endpoints.getBundles.select()(state).isSuccess) {
    if (!selectActiveBundles(state, store.deps.now()).some((b) => b._id === match.params.bundleId)) return 404;
  }
  return 200;
}

function renderToString(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const errors: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        done();
      },
      final(done) {
        done();
        if (errors.length) reject(new Error(`server render failed:\n${errors.join('\n')}`));
        else resolve(html);
      },
    });
    const stream = renderToPipeableStream(node, {
      // Suspense boundaries inline, never outlined for a progressive reveal (that needs a script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // A screen that throws would ship its loading fallback, which the client then replaces: say so.
      onError(error, info) {
        errors.push(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}${info.componentStack ?? ''}`);
      },
    });
  });
}

/** Renders `input.url` as a first-time visitor sees it, with its data. */
export async function render(input: RenderInput): Promise<RenderedPage> {
  const url = new URL(input.url, 'http://render.invalid');
  const server = input.transport;
  // The transport rides in the thunks' `extra` beside the store's own deps (baseApi reads it there).
  const deps = { ...defaultDeps, server };
  // The store view lives in the url: the router's mirror starts at this request's url.
  const store = makeStore({ router: routerStateAt(`${url.pathname}${url.search}`) }, deps);
  try {
    const plan = planPage(url.pathname);
    const shared = input.seed ?? EMPTY_SHARED;
    // Only the entries this page asks for: its data block holds what it was rendered from, no more.
    if (input.seed) store.dispatch(serverDataArrived(seedOf(input.seed, plan.queries)));
    const [status] = await Promise.all([prefetch(store, plan), preloadRoute(url.pathname)]);

    const cache = createCache({ key: EMOTION_KEY });
    const emotion = createEmotionServer(cache);
    const html = await renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <App store={store} router={(app) => <StaticRouter location={`${url.pathname}${url.search}`}>{app}</StaticRouter>} />
        </CacheProvider>
      </StrictMode>,
    );
    const chunks = emotion.extractCriticalToChunks(html);
    const api = store.getState().api;
    return {
      status,
      markup: chunks.html,
      styles: adoptableStyleTags(emotion.constructStyleTagsFromChunks(chunks)),
      data: { api },
      shared: withSharedEntries(shared, api as unknown as ApiCacheState),
    };
  } finally {
    // The store ends with the request. An entry nothing subscribes to is dropped by a timer
    // (`keepUnusedDataFor`, 60 s) that would keep the whole store alive until then: a minute of
    // every request's store in memory, and the garbage collector's time with it. Resetting the
    // cache clears those timers (the state returned above is a snapshot, untouched by this).
    store.dispatch(baseApi.util.resetApiState());
  }
}
