import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistedGate } from '../components/PersistedGate';
import { QaLauncher } from '../features/qa/QaLauncher';
import type { AppStore } from '../store/store';
import { Layout } from './layout/Layout';
import { theme } from './theme';

const browserRouter = (app: ReactNode) => <BrowserRouter>{app}</BrowserRouter>;

/**
 * Provider > persist gate > router > theme > snackbars > layout. The store is made in main.tsx;
 * the build's prerender of `/` (src/prerender.tsx) passes a static router and no persistor.
 */
export function App({ store, persistor, router = browserRouter }: { store: AppStore; persistor?: Persistor; router?: (app: ReactNode) => ReactNode }) {
  return (
    <Provider store={store}>
      <PersistedGate persistor={persistor}>
        {router(
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={4000}>
              <Layout />
              {/* Outside Layout: stays on screen while the full-screen 'Loading...' shows. */}
              <QaLauncher />
            </SnackbarProvider>
          </ThemeProvider>
        )}
      </PersistedGate>
    </Provider>
  );
}
