import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { QaLauncher } from '../features/qa/QaLauncher';
import { BrowserRouterWithBlocking } from '../features/router/blockingHistory';
import { LocationSync } from '../features/router/LocationSync';
import { whenToastAsked } from '../features/ui';
import type { AppStore, RootState } from '../store/types';
import { Layout } from './layout/Layout';
import { theme } from './theme';

// notistack and its transitions load with the first toast; that toast waits meanwhile (toastOutlet).
const ToastHost = lazy(() => import('../features/ui/ToastHost'));

/** The toast host, from the first toast on (most visits show none). */
function ToastsWhenAsked() {
  const [asked, setAsked] = useState(false);
  useEffect(() => whenToastAsked(() => setAsked(true)), []);
  return asked ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/**
 * The browser's router: react-router's declarative router over a history that can hold a
 * navigation, so that an editor can ask before staff leave it (features/router/blockingHistory.tsx).
 * Not react-router's data router (`createBrowserRouter`), which brought 16 KB of compressed script
 * to every page for its `useBlocker` alone.
 */
const browserRouter = (app: ReactNode) => <BrowserRouterWithBlocking>{app}</BrowserRouterWithBlocking>;

/**
 * Provider > router > theme > layout, QA launcher and toasts. The store is made in main.tsx; the
 * server render (src/entry-server.tsx) passes a static router.
 */
export function App({
  store,
  router = browserRouter,
  serverState,
  onStarted,
}: {
  store: AppStore;
  router?: (app: ReactNode) => ReactNode;
  /** While hydrating the server-rendered page: the state it was rendered from (react-redux `serverState`). */
  serverState?: RootState;
  /** Called once the page has been hydrated (or first rendered): main.tsx then restores the saved state and marks the app ready. */
  onStarted?: () => void;
}) {
  // The page is the app's from here: main.tsx then reads the saved state back and says the app is
  // ready (`<html data-app-ready>`), which releases what the shopper did meanwhile (src/boot.ts).
  useEffect(() => {
    onStarted?.();
  }, [onStarted]);
  return (
    <Provider store={store} serverState={serverState}>
      {router(
        <ThemeProvider theme={theme}>
          {/* The router's location, mirrored into the store (and driven by a QA replay). */}
          <LocationSync />
          <CssBaseline />
          <Layout />
          {/* Outside Layout: stays on screen while the full-screen 'Loading...' shows. */}
          <QaLauncher />
          <ToastsWhenAsked />
        </ThemeProvider>
      )}
    </Provider>
  );
}
