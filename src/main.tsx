import './app/fonts.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { whenBootstrapped } from './components/PersistedGate';
import { catalogApi } from './features/catalog/catalogApi';
import { browserStorage, readQaMode } from './features/qa/qaMode';
import { connectBrowserEvents } from './store/crossTab';
import { makeStore } from './store/store';

// The QA recorder runs from page load in development and in QA mode (`?qa=1`, see features/qa).
const store = makeStore(undefined, {}, { record: import.meta.env.DEV || readQaMode(window.location.search, browserStorage()) });
// What the prerendered home page was rendered from: a fresh store, before saved state and data.
const firstState = store.getState();
const persistor = persistStore(store);
// Other tabs' changes and the browser's `online` event reach this store.
connectBrowserEvents(store);
// The landing screens that show products (home, store, product and bundle pages) need the list:
// ask for it now, while the screen's own chunk downloads, not after it rendered (issue 9).
if (/^\/(?:$|collection\/?$|product\/|bundle\/)/.test(window.location.pathname)) {
  void store.dispatch(catalogApi.util.prefetch('getProducts', undefined, {}));
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
// index.html carries the home page prerendered at build time (src/prerender.tsx).
const prerendered = window.location.pathname === '/' && root.firstElementChild !== null;

// The first render waits for the saved state and the screen's chunk, so it is the page itself and
// never the page spinner. On `/` React adopts the prerendered markup (hydration, from the state it
// was rendered from) and then brings in the saved cart, session and data; elsewhere it renders.
// Both in a transition, so React works in slices and the page stays responsive (issue 9).
// A chunk that fails to load is not fatal here: the route's own fallback and error handling take over.
void Promise.all([whenBootstrapped(persistor), preloadRoute(window.location.pathname).catch(() => undefined)]).then(() => {
  const app = (
    <StrictMode>
      <App store={store} persistor={persistor} serverState={prerendered ? firstState : undefined} />
    </StrictMode>
  );
  startTransition(() => {
    if (!prerendered) return void createRoot(root).render(app);
    hydrateRoot(root, app, {
      // A difference (e.g. QA mode's launcher) is repaired by rendering that part anew: say so, quietly.
      onRecoverableError: (error) => console.warn('The prerendered page differed from the app; rendered it anew.', error),
    });
  });
});
