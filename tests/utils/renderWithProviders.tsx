import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../../src/app/theme';
import { LocationSync } from '../../src/features/router/LocationSync';
import ToastHost from '../../src/features/ui/ToastHost';
import type { StoreDeps } from '../../src/store/deps';
import { makeStore, type AppStore, type PreloadedState } from '../../src/store/store';
import { NOW } from '../fixtures/catalog';

interface Options extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: PreloadedState;
  deps?: Partial<StoreDeps>;
  store?: AppStore;
  /** Initial url, e.g. '/' or '/collection?category=Figures', or a location with navigation state. */
  route?: string | { pathname: string; state?: unknown };
}

/**
 * Renders `ui` the way the app does (store, router, theme, snackbars) with a fresh store whose
 * clock is frozen at the fixtures' NOW unless `deps` say otherwise.
 */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { preloadedState, deps, route = '/', ...renderOptions } = options;
  let idCounter = 0;
  const store =
    options.store ?? makeStore(preloadedState, { now: () => NOW, newId: () => `id-${++idCounter}`, ...deps });

  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>
          <LocationSync />
          <ThemeProvider theme={theme}>
            <CssBaseline />
            {children}
            <ToastHost />
          </ThemeProvider>
        </MemoryRouter>
      </Provider>
    );
  }

  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
