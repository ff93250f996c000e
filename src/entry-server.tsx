/**
 * Server rendering (issue 16): the server (server/ssr/) renders every page per request with this
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
import type { ServerTransport } from './api/baseApi';
import { baseApi } from './api/baseApi';
import { App } from './app/App';
import { adoptableStyleTags, EMOTION_KEY } from './app/serverStyles';
import { preloadRoute, ROUTE_TABLE } from './app/routes';
import { bundlesApi, selectActiveBundles } from './features/bundles/bundlesApi';
import { catalogApi } from './features/catalog/catalogApi';
import { routerStateAt } from './features/router/routerSlice';
import { defaultDeps } from './store/deps';
import { makeStore, type AppStore } from './store/store';

export interface RenderInput {
  /** Path and query of the page (`/collection?category=Figures`). */
  url: string;
  /** How the endpoints reach the API (the server answers them in-process). */
  transport: ServerTransport;
}

export interface RenderedPage {
  /** 200, or 404 for an unknown route, product or bundle (the page says so, as the client does). */
  status: number;
  /** The inside of `<div id="root">`. */
  markup: string;
  /** Emotion's style tags for this markup, in the form the client's cache adopts (key `css`). */
  styles: string;
  /** The RTK Query cache the page was rendered from, for `serverDataArrived` on the client. */
  data: { api: unknown };
}


/** Prefetches what the page shows through the endpoints the screens use, and says whether it exists. */
async function prefetch(store: AppStore, pathname: string): Promise<number> {
  const match = matchRoutes([...ROUTE_TABLE], pathname)?.[0];
  const subscriptions: { unsubscribe(): void }[] = [
    store.dispatch(catalogApi.endpoints.getProducts.initiate()),
    store.dispatch(bundlesApi.endpoints.getBundles.initiate()),
    store.dispatch(catalogApi.endpoints.getSettings.initiate()),
  ];
  const productId = match?.route.path === '/product/:productId' ? match.params.productId : undefined;
  if (productId) subscriptions.push(store.dispatch(catalogApi.endpoints.getProduct.initiate(productId)));
  await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()));
  // Nothing on the server keeps a subscription: the cache stays, no timer waits to drop it.
  for (const s of subscriptions) s.unsubscribe();

  if (!match) return 404;
  const state = store.getState();
  if (productId) {
    const product = catalogApi.endpoints.getProduct.select(productId)(state);
    if (product.isError && (product.error as { status?: unknown }).status === 404) return 404;
  }
  // A bundle the page cannot show (unknown, or outside its window) says so, as the client does.
  if (match.route.path === '/bundle/:bundleId' && bundlesApi.endpoints.getBundles.select()(state).isSuccess) {
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
  const [status] = await Promise.all([prefetch(store, url.pathname), preloadRoute(url.pathname)]);

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
  return { status, markup: chunks.html, styles: adoptableStyleTags(emotion.constructStyleTagsFromChunks(chunks)), data: { api: store.getState().api } };
}
