import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Route, Routes, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, initialStaffCatalogState, selectSettingsUnsaved, staffCatalogActions as A, staffCatalogSlice } from '../../../src/features/staff/catalog/catalogEditorSlice';
import { BrowserRouterWithBlocking } from '../../../src/features/router/blockingHistory';
import { UnsavedChangesGuard } from '../../../src/features/staff/UnsavedChangesGuard';
import { makeStore } from '../../../src/store/store';
import { makeProduct, NOW } from '../../fixtures/catalog';

const SETTINGS = { hiddenCategories: [], hiddenProductTags: [], showSupportInOrders: true };

describe('unsaved changes in an editor', () => {
  it('are the draft differing from what was loaded or saved last', () => {
    const reducer = staffCatalogSlice.reducer;
    let s = reducer(initialStaffCatalogState, A.newDiscountOpened());
    expect(hasUnsavedChanges(s.discount)).toBe(false);
    s = reducer(s, A.discountFieldChanged({ field: 'code', value: 'SPRING' }));
    expect(hasUnsavedChanges(s.discount)).toBe(true);
    s = reducer(s, A.discountFieldChanged({ field: 'code', value: '' }));
    expect(hasUnsavedChanges(s.discount)).toBe(false); // typed back to what it was
    const knight = makeProduct({ _id: 'p1', name: 'Knight' });
    s = reducer(s, A.productLoaded(knight));
    s = reducer(s, A.productFieldChanged({ field: 'name', value: 'Queen' }));
    expect(hasUnsavedChanges(s.product)).toBe(true);
    s = reducer(s, A.productLoaded({ ...knight, name: 'Queen' })); // saved: the server's version is the new baseline
    expect(hasUnsavedChanges(s.product)).toBe(false);
  });

  it('make leaving the editor ask first; staying keeps the page, leaving goes', async () => {
    const store = makeStore(undefined, { now: () => NOW });
    store.dispatch(A.settingsLoaded(SETTINGS));
    const router = createMemoryRouter(
      [
        {
          path: '/staff/settings',
          element: (
            <>
              <h1>Settings</h1>
              <UnsavedChangesGuard select={selectSettingsUnsaved} what="the settings" />
              <Link to="/staff/orders">Orders</Link>
              <Link to="/staff/settings?tab=2">Same page</Link>
            </>
          ),
        },
        { path: '/staff/orders', element: <h1>Orders</h1> },
      ],
      { initialEntries: ['/staff/settings'] },
    );
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    const user = userEvent.setup();

    // Nothing changed: no question.
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    await act(() => router.navigate('/staff/settings'));

    act(() => {
      store.dispatch(A.settingsChanged({ showSupportInOrders: false }));
    });
    // The url's query on the same page is not leaving it.
    await user.click(screen.getByRole('link', { name: 'Same page' }));
    expect(router.state.location.search).toBe('?tab=2');

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent('Your changes to the settings are not saved');
    await user.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/staff/settings');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
  });

  it("asks the same under the app's own browser router (no data router), for a link and for the browser's back", async () => {
    window.history.replaceState(null, '', '/staff/orders');
    const store = makeStore(undefined, { now: () => NOW });
    store.dispatch(A.settingsLoaded(SETTINGS));
    render(
      <Provider store={store}>
        <BrowserRouterWithBlocking>
          <Routes>
            <Route
              path="/staff/settings"
              element={
                <>
                  <h1>Settings</h1>
                  <UnsavedChangesGuard select={selectSettingsUnsaved} what="the settings" />
                  <Link to="/staff/orders">Orders</Link>
                </>
              }
            />
            <Route path="/staff/orders" element={<Link to="/staff/settings">Settings</Link>} />
          </Routes>
        </BrowserRouterWithBlocking>
      </Provider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Settings' });
    act(() => {
      store.dispatch(A.settingsChanged({ showSupportInOrders: false }));
    });

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await user.click(await screen.findByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/staff/settings');

    // Back: the url has moved when the browser tells; held, it is moved back until the answer.
    act(() => window.history.back());
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/staff/settings'));
    // The page stays (hidden from assistive technology behind the open dialog).
    expect(screen.getByRole('heading', { name: 'Settings', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/staff/orders');
  });

  it('asks the browser too when the page itself is left (reload, closing the tab)', () => {
    const store = makeStore(undefined, { now: () => NOW });
    store.dispatch(A.settingsLoaded(SETTINGS));
    const router = createMemoryRouter([{ path: '*', element: <UnsavedChangesGuard select={selectSettingsUnsaved} what="the settings" /> }]);
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    act(() => {
      store.dispatch(A.settingsChanged({ showSupportInOrders: false }));
    });
    expect(unload()).toBe(true);
  });
});
