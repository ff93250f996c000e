import '@fontsource-variable/fredoka';
import '@fontsource-variable/nunito';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { browserStorage, readQaMode } from './features/qa/qaMode';
import { connectBrowserEvents } from './store/crossTab';
import { makeStore } from './store/store';

// The QA recorder runs from page load in development and in QA mode (`?qa=1`, see features/qa).
const store = makeStore(undefined, {}, { record: import.meta.env.DEV || readQaMode(window.location.search, browserStorage()) });
const persistor = persistStore(store);
// Other tabs' changes and the browser's `online` event reach this store.
connectBrowserEvents(store);

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

createRoot(root).render(
  <StrictMode>
    <App store={store} persistor={persistor} />
  </StrictMode>,
);
