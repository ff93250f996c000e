import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from './app/reactDom';
import { persistStore } from 'redux-persist';
import { serverDataArrived } from './api/baseApi';
import { App } from './app/App';
import { serverStyleCache } from './app/emotionCache';
import { preloadRoute } from './app/routes';
import { whenBootstrapped } from './components/PersistedGate';
import { catalogApi } from './features/catalog/catalogApi';
import { browserStorage, readQaMode } from './features/qa/qaMode';
import { routerStateAt } from './features/router/routerSlice';
import { connectBrowserEvents } from './store/crossTab';
import { makeStore } from './store/store';

// The QA recorder runs from page load in development and in QA mode (`?qa=1`, see features/qa).
// The router's mirror starts at the page's url, as the server's render did (the store view lives in it).
const { pathname, search, hash } = window.location;
const historyState = (window.history.state as { usr?: unknown } | null)?.usr ?? null;
const store = makeStore(
  { router: routerStateAt(`${pathname}${search}${hash}`, historyState) },
  {},
  { record: import.meta.env.DEV || readQaMode(search, browserStorage()) },
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
// The server rendered the page (src/entry-server.tsx) from a fresh store and the data in this
// block (never run: the CSP allows no inline script). The client starts from the same data
// instead of asking again.
const serverData = document.getElementById('server-data');
if (serverData?.textContent) store.dispatch(serverDataArrived(JSON.parse(serverData.textContent) as { api: unknown }));
const serverRendered = serverData !== null && root.firstElementChild !== null;
// What the page was rendered from: a guest's fresh store with the server's data, before the saved state.
const firstState = store.getState();
const persistor = persistStore(store);
// Other tabs' changes and the browser's `online` event reach this store.
connectBrowserEvents(store);
// A page served without a server render (a client-only build): the landing screens that show
// products need the list; ask for it now, while the screen's own chunk downloads (issue 9).
if (!serverRendered && /^\/(?:$|collection\/?$|product\/|bundle\/)/.test(pathname)) {
  void store.dispatch(catalogApi.util.prefetch('getProducts', undefined, {}));
}

// The first render waits for the saved state and the screen's chunk, so it is the page itself and
// never the page spinner. React adopts the server's markup (hydration, from the state it was
// rendered from) and then brings in the saved cart and session; without a server render it renders.
// Both in a transition, so React works in slices and the page stays responsive (issue 9).
// A chunk that fails to load is not fatal here: the route's own fallback and error handling take over.
void Promise.all([whenBootstrapped(persistor), preloadRoute(pathname).catch(() => undefined)]).then(() => {
  const app = (
    <StrictMode>
      {/* The server page's styles, adopted where they are (app/serverStyles.ts). */}
      <CacheProvider value={serverStyleCache()}>
        <App store={store} persistor={persistor} serverState={serverRendered ? firstState : undefined} />
      </CacheProvider>
    </StrictMode>
  );
  startTransition(() => {
    if (!serverRendered) return void createRoot(root).render(app);
    hydrateRoot(root, app, {
      // A difference (e.g. QA mode's launcher) is repaired by rendering that part anew: say so, quietly.
      onRecoverableError: (error) => console.warn('The server-rendered page differed from the app; rendered it anew.', error),
    });
  });
});
