import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { QaLauncher } from '../features/qa/QaLauncher';
import type { AppStore } from '../store/store';
import { Layout } from './layout/Layout';
import { theme } from './theme';

/** Provider > PersistGate > Router > theme > snackbars > layout. The store is made in main.tsx. */
export function App({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  return (
    <Provider store={store}>
      <PersistGate loading={<FullScreenSpinner />} persistor={persistor}>
        <BrowserRouter>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} autoHideDuration={4000}>
              <Layout />
              {/* Outside Layout: stays on screen while the full-screen 'Loading...' shows. */}
              <QaLauncher />
            </SnackbarProvider>
          </ThemeProvider>
        </BrowserRouter>
      </PersistGate>
    </Provider>
  );
}
