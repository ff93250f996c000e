import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from './app/reactDom';
import { serverDataArrived } from './api/baseApi';
import { App } from './app/App';
import { serverStyleCache } from './app/emotionCache';
import { OWN_PAGE } from './app/ownPages';
import { yieldToMain } from './components/afterNextPaint';
import { preloadRoute } from './app/routes';
import { catalogApi } from './features/catalog/catalogApi';
import { browserStorage, readQaMode } from './features/qa/qaMode';
import { routerStateAt } from './features/router/routerSlice';
import { devToolsEnabled } from './store/devtools';
import { selectSessionToken } from './features/session';
import { makeStore, type AppStore } from './store/store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const { pathname, search, hash } = window.location;

// The QA recorder runs from page load in development and in QA mode (`?qa=1`, see features/qa):
// only then is it loaded before the store is made (features/qa/recorder.ts; elsewhere the QA panel loads it).
const recording = import.meta.env.DEV || readQaMode(search, browserStorage()) ? import('./features/qa/recorder') : undefined;

/**
 * What comes after the page is interactive (none of it is part of the first view): the
 * saved cart, wishlist and token are read back (redux-persist, store/persistence.ts) — the header
 * counts fill in, in the space the server's guest render reserved for them — and other tabs'
 * changes and the browser's `online` event start reaching this store. Once the saved state is in,
 * `<html data-app-ready>` says so: src/boot.ts then hands the app what the shopper typed, chose,
 * clicked or submitted since the page appeared, which now lands on the shopper's own cart, lists
 * and account. Should the saved state fail to load, the page is still made the app's (a guest's).
 */
let afterHydrationStarted = false;
function afterHydration(store: AppStore, restored: boolean) {
  // Once: StrictMode runs the app's mount effects twice in development.
  if (afterHydrationStarted) return;
  afterHydrationStarted = true;
  const ready = () => (document.documentElement.dataset.appReady = 'true');
  void Promise.all([import('./store/persistence'), import('./store/crossTab')])
    .then(([persistence, crossTab]) => {
      crossTab.connectBrowserEvents(store);
      // On the shopper's own pages the saved state was read back before hydration.
      return restored ? undefined : persistence.startPersistence(store);
    })
    .then(ready, (error: unknown) => {
      console.error('The saved cart, wishlist and sign-in could not be read back.', error);
      ready();
    });
}

/*
 * On the shopper's own pages (app/ownPages.ts) nothing can be shown before the saved token and lists
 * are back, so there the saved state is read back while the page's chunk loads, before hydration,
 * and what is theirs is asked for as the app starts (the page hydrates from the guest state it was
 * rendered from all the same: react-redux `serverState`). Elsewhere it comes after hydration, no
 * part of the first view.
 */

async function start() {
  // With Redux DevTools (development) every lazy route's slice is injected first, so the
  // Dispatcher lists their events too; elsewhere they come with their routes.
  if (devToolsEnabled) await import('./store/lazySlices');
  // The router's mirror starts at the page's url, as the server's render did (the store view lives in it).
  const historyState = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
  const store = makeStore({ router: routerStateAt(`${pathname}${search}${hash}`, historyState) }, {}, { restoresSavedState: true });
  (await recording)?.installRecorder(store, { record: true });
  // Making the store, reading the server's data and hydrating are each a task of their own.
  await yieldToMain();

  // The server rendered the page (src/entry-server.tsx) from a fresh store and the data in this
  // block (never run: the CSP allows no inline script). The client starts from the same data
  // instead of asking again.
  const serverData = document.getElementById('server-data');
  if (serverData?.textContent) store.dispatch(serverDataArrived(JSON.parse(serverData.textContent) as { api: unknown }));
  const serverRendered = serverData !== null && root!.firstElementChild !== null;
  // What the page was rendered from: a guest's fresh store with the server's data.
  const firstState = store.getState();
  // A page served without a server render (a client-only build): the landing screens that show
  // products need the list; ask for it now, while the screen's own chunk downloads.
  if (!serverRendered && /^\/(?:$|collection\/?$|product\/|bundle\/)/.test(pathname)) {
    void store.dispatch(catalogApi.util.prefetch('getProducts', undefined, {}));
  }

  // The first render waits for the screen's chunk, so it is the page itself and never the page
  // spinner. React adopts the server's markup (hydration, from the state it was rendered from); the
  // saved state comes after. Without a server render it renders. Both in a transition, so React
  // works in slices and the page stays responsive. A chunk that fails to load is not
  // fatal here: the route's own fallback and error handling take over.
  const restoreFirst = OWN_PAGE.test(pathname);
  await yieldToMain();
  await Promise.all([
    preloadRoute(pathname).catch(() => undefined),
    restoreFirst ? import('./store/persistence').then((persistence) => persistence.startPersistence(store)) : undefined,
  ]);
  // My Orders' list is asked for now, beside the hydration, rather than once the page has mounted
  // (its chunk, loaded above, brings the endpoint; the page then finds the answer in the cache).
  if (restoreFirst && /^\/orders\/?$/.test(pathname) && selectSessionToken(store.getState())) {
    void import('./features/orders/ordersApi').then(({ ordersApi }) => store.dispatch(ordersApi.util.prefetch('getUserOrders', undefined, {})));
  }
  const app = (
    <StrictMode>
      {/* The server page's styles, adopted where they are (app/serverStyles.ts). */}
      <CacheProvider value={serverStyleCache()}>
        <App store={store} serverState={serverRendered ? firstState : undefined} onStarted={() => afterHydration(store, restoreFirst)} />
      </CacheProvider>
    </StrictMode>
  );
  startTransition(() => {
    if (!serverRendered) return void createRoot(root!).render(app);
    hydrateRoot(root!, app, {
      // A difference (e.g. QA mode's launcher) is repaired by rendering that part anew: say so, quietly.
      onRecoverableError: (error) => console.warn('The server-rendered page differed from the app; rendered it anew.', error),
    });
  });
}

void start();
