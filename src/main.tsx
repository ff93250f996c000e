import '@fontsource-variable/fredoka';
import '@fontsource-variable/nunito';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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

// The first render waits for the saved state and the screen's chunk, so it is the page itself: on
// `/` it replaces the prerendered home page (index.html) with the same markup, never with a spinner.
// A transition lets React render it in slices, so the page stays responsive meanwhile (issue 9).
// A chunk that fails to load is not fatal here: the route's own fallback and error handling take over.
void Promise.all([whenBootstrapped(persistor), preloadRoute(window.location.pathname).catch(() => undefined)]).then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App store={store} persistor={persistor} />
      </StrictMode>,
    );
  });
});
