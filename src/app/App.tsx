import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistedGate } from '../components/PersistedGate';
import { QaLauncher } from '../features/qa/QaLauncher';
import { LocationSync } from '../features/router/LocationSync';
import type { AppStore, RootState } from '../store/store';
import { Layout } from './layout/Layout';
import { theme } from './theme';

// notistack and its transitions load after the first paint; toasts asked for earlier wait (toastOutlet).
const ToastHost = lazy(() => import('../features/ui/ToastHost'));

const browserRouter = (app: ReactNode) => <BrowserRouter>{app}</BrowserRouter>;

/**
 * Provider > persist gate > router > theme > layout, QA launcher and toasts. The store is made in main.tsx;
 * the server render (src/entry-server.tsx) passes a static router and no persistor.
 */
export function App({
  store,
  persistor,
  router = browserRouter,
  serverState,
}: {
  store: AppStore;
  persistor?: Persistor;
  router?: (app: ReactNode) => ReactNode;
  /** While hydrating the server-rendered page: the state it was rendered from (react-redux `serverState`). */
  serverState?: RootState;
}) {
  // The server-rendered page looks ready before its script has run: `<html data-app-ready>` says the
  // app has taken it over (browser tests wait for it before using keyboard shortcuts).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <Provider store={store} serverState={serverState}>
      <PersistedGate persistor={persistor}>
        {router(
          <ThemeProvider theme={theme}>
            {/* The router's location, mirrored into the store (and driven by a QA replay). */}
            <LocationSync />
            <CssBaseline />
            <Layout />
            {/* Outside Layout: stays on screen while the full-screen 'Loading...' shows. */}
            <QaLauncher />
            <Suspense fallback={null}>
              <ToastHost />
            </Suspense>
          </ThemeProvider>
        )}
      </PersistedGate>
    </Provider>
  );
}
