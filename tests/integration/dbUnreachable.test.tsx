/**
 * The database is unreachable: every account call answers the server's 503 ("The store
 * cannot reach its database right now…"). The shopper sees the sync error, the cart stays on the
 * device and keeps working; when the server answers again, the next change brings the server's
 * cart up to date with what the shopper did meanwhile.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { CART_SYNC_ERROR } from '../../src/features/cart/cartListeners';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { DB_UNAVAILABLE_MESSAGE } from '../../server/lib/dbErrors';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

// The lazy screen is loaded once up front, so the story's first wait does not pay for its import.
beforeAll(async () => {
  await import('../../src/app/pages/Cart');
}, 60_000);

describe('database unreachable', { timeout: 30_000 }, () => {
  it('shows the error, keeps the local cart working, and catches up when the server is back', async () => {
    let down = true;
    const serverCart: Record<string, number> = {};
    const unavailable = () => HttpResponse.json({ success: false, message: DB_UNAVAILABLE_MESSAGE }, { status: 503, headers: { 'Retry-After': '5' } });
    mswServer.use(
      http.post('*/api/wishlist/list', () => (down ? unavailable() : HttpResponse.json({ success: true, wishlist: [] }))),
      http.get('*/api/user/info', () => (down ? unavailable() : HttpResponse.json({ success: true, user: { name: 'Ada', email: 'ada@example.com' } }))),
      http.post('*/api/cart/get', () => (down ? unavailable() : HttpResponse.json({ success: true, cartData: serverCart }))),
      http.post('*/api/cart/add', async ({ request }) => {
        if (down) return unavailable();
        const b = (await request.json()) as { itemId: string; color: string; quantity: number };
        const key = `${b.itemId}_${b.color}`;
        serverCart[key] = (serverCart[key] ?? 0) + b.quantity;
        return HttpResponse.json({ success: true, cartData: serverCart });
      }),
      http.post('*/api/cart/update', async ({ request }) => {
        if (down) return unavailable();
        const b = (await request.json()) as { itemId: string; color: string; quantity: number };
        const key = `${b.itemId}_${b.color}`;
        if (b.quantity === 0) delete serverCart[key];
        else serverCart[key] = b.quantity;
        return HttpResponse.json({ success: true, cartData: serverCart });
      }),
    );
    const { user, store } = renderWithProviders(<Layout />, {
      route: '/cart',
      preloadedState: {
        session: { ...initialSessionState, status: 'authenticated', token: 'tok' },
        cart: { items: { 'b2_|': 1 } },
        saved: { items: { 'b1_|': 1 } },
      },
    });
    // A change while the database is down: the error is shown, the line is kept and shown.
    await user.click(within(await screen.findByRole('list', { name: 'Saved for later' }, { timeout: 5000 })).getByRole('button', { name: 'Move to cart: Hero Bust' }));
    expect(await screen.findByText(CART_SYNC_ERROR)).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual({ 'b2_|': 1, 'b1_|': 1 });
    expect(within(await screen.findByRole('list', { name: 'Cart items' })).getAllByRole('listitem')).toHaveLength(2);
    expect(store.getState().session.token).toBe('tok'); // a 503 is not a reason to log the shopper out

    // The database is back: the next change sends everything the shopper did meanwhile.
    down = false;
    await user.click(screen.getByRole('button', { name: 'Increase Quantity of Cable Turtle' }));
    await expect.poll(() => ({ ...serverCart }), { timeout: 10_000 }).toEqual({ 'b2_|': 2, 'b1_|': 1 });
    expect(store.getState().cart.items).toEqual({ 'b2_|': 2, 'b1_|': 1 });
  });
});
