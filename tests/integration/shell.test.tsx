import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { ROUTE_TABLE } from '../../src/app/routes';
import { lineAdded } from '../../src/features/cart/cartSlice';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { loadingFinished, loadingStarted } from '../../src/features/ui/uiSlice';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

const loggedInState = {
  session: { ...initialSessionState, status: 'authenticated' as const, token: 'tok' },
  cart: { items: { 'p1_Red|M': 2, b1_bundle: 1 } },
  saved: { items: { 'p2_|': 1 } },
  wishlist: { ids: [] },
};

// A logged-in shopper's wishlist is the server's, and cart changes are sent to it.
beforeEach(() => {
  mswServer.use(
    http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: ['p3', { _id: 'p4' }] })),
    http.post('*/api/cart/add', () => HttpResponse.json({ success: true })),
  );
});

describe('Header', () => {
  it('shows the main links', async () => {
    renderWithProviders(<Layout />, { route: '/about' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [label, href] of [['HOME', '/'], ['STORE', '/collection'], ['ABOUT', '/about'], ['CONTACT', '/contact']]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await screen.findByRole('heading', { name: 'About LayerLoft' });
  });

  it('counts follow the store', async () => {
    const { store } = renderWithProviders(<Layout />, { preloadedState: loggedInState, route: '/cart' });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByRole('link', { name: 'Wishlist, 2 items' })).toHaveAttribute('href', '/wishlist');
    act(() => {
      store.dispatch(lineAdded({ itemId: 'p9', variant: '|', quantity: 4 }));
    });
    expect(screen.getByRole('link', { name: 'Cart, 7 items' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Your cart' });
  });

  it('points the profile icon at /login for guests and /orders when logged in', async () => {
    const guest = renderWithProviders(<Layout />, { route: '/wishlist' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: /Your Wishlist/ });
    guest.unmount();

    renderWithProviders(<Layout />, { preloadedState: loggedInState, route: '/wishlist' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
    await screen.findByRole('heading', { name: /Your Wishlist/ });
  });

  it('asks before logging out; cancelling keeps the session, confirming clears the lists and ends the session on the server', async () => {
    const loggedOutTokens: Array<string | null> = [];
    mswServer.use(
      http.post('*/api/user/logout', ({ request }) => {
        loggedOutTokens.push(request.headers.get('token'));
        return HttpResponse.json({ success: true, message: 'Logged out' });
      }),
    );
    const { user, store } = renderWithProviders(<Layout />, { preloadedState: loggedInState, route: '/wishlist' });
    await screen.findByRole('heading', { name: /Your Wishlist/ });

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(store.getState().session.status).toBe('authenticated');
    expect(loggedOutTokens).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /yes, log out/i }));
    // The dialog may be gone already when the click resolves (its exit transition is short).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().session).toEqual(initialSessionState);
    expect(store.getState().cart.items).toEqual({});
    expect(store.getState().saved.items).toEqual({});
    expect(store.getState().wishlist.ids).toEqual([]);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    await waitFor(() => expect(loggedOutTokens).toEqual(['tok']));
  });

  it.each([
    ['answers 500', () => HttpResponse.json({ success: false, message: 'down' }, { status: 500 })],
    ['cannot be reached', () => HttpResponse.error()],
  ])('logs out here even when the server %s', async (_case, answer) => {
    let asked = 0;
    mswServer.use(
      http.post('*/api/user/logout', () => {
        asked += 1;
        return answer();
      }),
    );
    const { user, store } = renderWithProviders(<Layout />, { preloadedState: loggedInState, route: '/wishlist' });
    await screen.findByRole('heading', { name: /Your Wishlist/ });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /yes, log out/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(asked).toBe(1));
    expect(store.getState().session).toEqual(initialSessionState);
    expect(store.getState().cart.items).toEqual({});
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('opens the mobile menu with links and categories', async () => {
    const { user } = renderWithProviders(<Layout />, { route: '/about' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(drawer).getByRole('link', { name: 'STORE' })).toHaveAttribute('href', '/collection');
    expect(within(drawer).getByRole('link', { name: 'Fidgets' })).toHaveAttribute('href', '/collection?category=Fidgets');
  });

  it('gives every icon button an accessible name', async () => {
    renderWithProviders(<Layout />, { preloadedState: loggedInState, route: '/about' });
    await screen.findByRole('heading', { name: 'About LayerLoft' });
    for (const button of document.querySelectorAll('.MuiIconButton-root')) {
      expect(button.getAttribute('aria-label')).toBeTruthy();
    }
  });
});

describe('Extra bar and footer', () => {
  it('links the four categories and states the free-shipping rule', async () => {
    renderWithProviders(<Layout />, { route: '/about' });
    const bar = screen.getByRole('navigation', { name: 'Categories' });
    for (const c of ['Figures', 'Fidgets', 'Decoration', 'Widgets']) {
      expect(within(bar).getByRole('link', { name: c })).toHaveAttribute('href', `/collection?category=${c}`);
    }
    expect(screen.getByText('Free shipping on orders of $100 or more')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'About LayerLoft' });
  });

  it('marks the category the store shows as the current page, and none elsewhere', async () => {
    const { user } = renderWithProviders(<Layout />, { route: '/collection?category=Fidgets' });
    const bar = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(bar).getByRole('link', { name: 'Fidgets' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).getByRole('link', { name: 'Figures' })).not.toHaveAttribute('aria-current');
    // Followed as the shopper moves: another category, then a page that is not the store.
    await user.click(within(bar).getByRole('link', { name: 'Widgets' }));
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Widgets' })).toHaveAttribute('aria-current', 'page'));
    expect(within(bar).getByRole('link', { name: 'Fidgets' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getAllByRole('link', { name: 'ABOUT' })[0]!);
    await waitFor(() => expect(within(bar).queryByRole('link', { current: 'page' })).toBeNull());
  });

  it('shows the contact e-mail from settings, social links and the policies', async () => {
    renderWithProviders(<Layout />, { route: '/about' });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'hello@layerloft.test' })).toHaveAttribute('href', 'mailto:hello@layerloft.test');
    expect(within(footer).getByRole('link', { name: 'LayerLoft on Instagram' })).toBeInTheDocument();
    expect(within(footer).getByText(/damaged items only, within 1 week of purchase and receipt/)).toBeInTheDocument();
    expect(within(footer).getByText(/flat \$10 per order, and free on orders of \$100 or more/)).toBeInTheDocument();
  });
});

describe('Routes', () => {
  it('lists every route of SPEC §2, and the review link of an invitation e-mail', () => {
    expect(ROUTE_TABLE.map((r) => r.path)).toEqual([
      '/', '/collection', '/about', '/contact', '/product/:productId', '/bundle/:bundleId', '/cart', '/login',
      '/forgot-password', '/reset-password/:token', '/place-order', '/verify', '/order-placed', '/orders', '/wishlist', '/review', '/staff/*',
    ]);
  });

  it('answers unknown routes with a 404 and a way home', async () => {
    renderWithProviders(<Layout />, { route: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /take me home/i })).toHaveAttribute('href', '/');
  });

  it("replaces everything with 'Loading...' while the global flag is set", async () => {
    const { store } = renderWithProviders(<Layout />, { route: '/about' });
    await screen.findByRole('heading', { name: 'About LayerLoft' });
    act(() => {
      store.dispatch(loadingStarted());
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(loadingFinished());
    });
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
