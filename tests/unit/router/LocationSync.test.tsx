import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { BrowserRouter, createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LocationSync } from '../../../src/features/router/LocationSync';
import { selectLocation } from '../../../src/features/router/routerSlice';
import { navigationRequested } from '../../../src/store/events';
import { installRecorder } from '../../../src/features/qa/recorder';
import { replayEnded, replayStarted, stateReplaced } from '../../../src/features/qa/replayState';
import { makeStore, type AppStore } from '../../../src/store/store';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}${l.hash}`}</output>;
}

function mount(store: AppStore, initial: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <LocationSync />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [initial] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, where: () => view.getByTestId('where').textContent };
}

/**
 * The app's own router (src/app/App.tsx): a declarative BrowserRouter, whose `navigate` is a new
 * function after every change of pathname (a data router's stays the same), moved as a link or the
 * back button would (the browser tests' `spaGoto`).
 */
function mountInBrowserRouter(store: AppStore, initial: string) {
  window.history.replaceState(null, '', initial);
  const view = render(
    <Provider store={store}>
      <BrowserRouter>
        <LocationSync />
        <Where />
      </BrowserRouter>
    </Provider>,
  );
  const go = (to: string) =>
    act(async () => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
  return { go, where: () => view.getByTestId('where').textContent };
}

describe('LocationSync', () => {
  it('mirrors the first location and every change into the store', async () => {
    const store = makeStore();
    const { router } = mount(store, '/collection?category=Figures');
    expect(selectLocation(store.getState()).search).toBe('?category=Figures');
    await act(() => router.navigate('/product/p1#reviews', { state: { from: 'store' } }));
    expect(selectLocation(store.getState())).toEqual({ pathname: '/product/p1', search: '', hash: '#reviews', state: { from: 'store' } });
    await act(() => router.navigate(-1));
    expect(selectLocation(store.getState()).pathname).toBe('/collection');
  });

  it('moves the router on a requested navigation, and reports nothing twice', async () => {
    const store = makeStore();
    installRecorder(store, { record: true });
    const { where } = mount(store, '/');
    await act(async () => {
      store.dispatch(navigationRequested('/cart'));
    });
    expect(where()).toBe('/cart');
    // The request put the location in the store; the router arriving there is not a new change.
    const types = JSON.parse(store.recorder.exportLog()!.payload as string).map((a: { type: string }) => a.type);
    expect(types.filter((t: string) => t.startsWith('router/'))).toEqual(['router/navigationRequested']);
  });

  it('lets a replayed state drive the router, then takes the page back to its own location', async () => {
    const store = makeStore();
    const { router, where } = mount(store, '/about');
    const replayed = { ...store.getState(), router: { location: { pathname: '/collection', search: '?category=Figures&page=2', hash: '', state: null } } };
    await act(async () => {
      store.dispatch(replayStarted());
      store.dispatch(stateReplaced(replayed as never));
    });
    expect(where()).toBe('/collection?category=Figures&page=2');
    // The tester may browse during the replay: the replayed location stays as recorded.
    await act(() => router.navigate('/cart'));
    expect(where()).toBe('/cart');
    expect(selectLocation(store.getState()).search).toBe('?category=Figures&page=2');

    const own = { ...store.getState(), router: { location: { pathname: '/about', search: '', hash: '', state: null } } };
    await act(async () => {
      store.dispatch(stateReplaced(own as never));
      store.dispatch(replayEnded());
    });
    expect(where()).toBe('/about');
    expect(selectLocation(store.getState()).pathname).toBe('/about');
  });

  it('in the app\u2019s BrowserRouter, lets a tester browse during a replay without pulling the page back to the replayed location', async () => {
    const store = makeStore();
    const { go, where } = mountInBrowserRouter(store, '/?qa=1');
    const replayed = { ...store.getState(), router: { location: { pathname: '/product/p1', search: '', hash: '', state: null } } };
    await act(async () => {
      store.dispatch(replayStarted());
      store.dispatch(stateReplaced(replayed as never));
    });
    expect(where()).toBe('/product/p1');
    await go('/cart');
    expect(where()).toBe('/cart');
    expect(window.location.pathname).toBe('/cart');
    await go('/wishlist');
    expect(where()).toBe('/wishlist');
    expect(selectLocation(store.getState()).pathname).toBe('/product/p1');

    // A step shown (the replayed location changes) drives the router again; leaving takes it home.
    const next = { ...replayed, router: { location: { pathname: '/collection', search: '?page=2', hash: '', state: null } } };
    await act(async () => {
      store.dispatch(stateReplaced(next as never));
    });
    expect(where()).toBe('/collection?page=2');
    const own = { ...store.getState(), router: { location: { pathname: '/', search: '?qa=1', hash: '', state: null } } };
    await act(async () => {
      store.dispatch(stateReplaced(own as never));
      store.dispatch(replayEnded());
    });
    expect(where()).toBe('/?qa=1');
  });
});
