import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { CART_SYNC_ERROR } from '../../src/features/cart/cartListeners';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

function renderCart(preloadedState: Parameters<typeof renderWithProviders>[1] extends infer O ? (O extends { preloadedState?: infer P } ? P : never) : never) {
  return renderWithProviders(
    <>
      <Layout />
      <Where />
    </>,
    { route: '/cart', preloadedState },
  );
}

const cartList = () => screen.findByRole('list', { name: 'Cart items' }, { timeout: 5000 });
const line = async (name: RegExp | string) => within(await cartList()).getByRole('listitem', { name });
const totals = () => within(screen.getByRole('region', { name: 'Cart totals' }));
const amount = (label: string) => {
  const dt = totals().getByText(label, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

// Lazy screens and a busy machine: give each story room.
describe('/cart', { timeout: 20_000 }, () => {
  it('shows lines with variant, unit price and totals; flags unavailable and missing lines and leaves them out; drops deleted products with a notice', async () => {
    const { store } = renderCart({
      cart: {
        items: {
          'b1_|': 2, // Hero Bust: $40 − 25% = $30
          'b2_|': 1, // Cable Turtle $20
          'bn-active-1_bundle': 1, // Desk Buddies Set $49.50
          'b5_|': 1, // Moon Lamp: out of stock
          'gone_|': 3, // deleted by the shop (404): dropped, with a notice
          'bn-gone_bundle': 1, // a bundle no longer offered: flagged, kept
          'bn-expired_bundle': 1, // Spring Sale Pack: ended
        },
      },
    });
    expect(within(await line('Hero Bust')).getByText('$30.00 each')).toBeInTheDocument();
    expect(within(await line('Hero Bust')).getByText('$60.00')).toBeInTheDocument();
    const bundle = await line('Desk Buddies Set');
    expect(within(bundle).getByText('Bundle Deal')).toBeInTheDocument();
    expect(within(bundle).getByText('$49.50 each')).toBeInTheDocument();
    expect(within(await line('Moon Lamp')).getByText('Currently unavailable')).toBeInTheDocument();
    expect(within(await line(/no longer offered/)).getByText('No longer available')).toBeInTheDocument();
    expect(await screen.findByText('Some items are no longer available and were removed from your cart.')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().cart.items).not.toHaveProperty(['gone_|']));
    expect(within(await cartList()).queryByRole('listitem', { name: /no longer in the shop/ })).toBeNull();
    expect(within(await line('Spring Sale Pack')).getByText('Currently unavailable')).toBeInTheDocument();

    expect(amount('Subtotal')).toBe('$129.50');
    expect(amount('Delivery fee')).toBe('Free');
    expect(amount('Total')).toBe('$129.50');
    expect(totals().getByText('3 items are unavailable and not counted in the total.')).toBeInTheDocument();
  });

  it('changes quantities (minimum 1, 0 removes) and charges delivery under $100', async () => {
    const { store } = renderCart({ cart: { items: { 'b1_|': 1, 'b2_|': 1 } } });
    const turtle = await line('Cable Turtle');
    expect(amount('Subtotal')).toBe('$50.00');
    expect(amount('Delivery fee')).toBe('$10.00');

    fireEvent.change(within(turtle).getByRole('textbox', { name: 'Quantity of Cable Turtle' }), { target: { value: '3' } });
    expect(store.getState().cart.items['b2_|']).toBe(3);
    expect(amount('Subtotal')).toBe('$90.00');
    expect(within(turtle).getByRole('button', { name: 'Decrease Quantity of Cable Turtle' })).toBeEnabled();
    fireEvent.click(within(turtle).getByRole('button', { name: 'Increase Quantity of Cable Turtle' }));
    expect(amount('Subtotal')).toBe('$110.00');
    expect(amount('Delivery fee')).toBe('Free');

    const bust = await line('Hero Bust');
    expect(within(bust).getByRole('button', { name: 'Decrease Quantity of Hero Bust' })).toBeDisabled();
    fireEvent.change(within(bust).getByRole('textbox', { name: 'Quantity of Hero Bust' }), { target: { value: '0' } });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Hero Bust' })).not.toBeInTheDocument());
    expect(store.getState().cart.items).toEqual({ 'b2_|': 4 });
  });

  it('saves a line for later and moves it back, adding quantities up', async () => {
    const { user, store } = renderCart({ cart: { items: { 'b1_|': 2, 'b2_|': 1 } }, saved: { items: { 'b1_|': 1 } } });
    const saved = await screen.findByRole('list', { name: 'Saved for later' });
    expect(within(saved).getByRole('listitem', { name: 'Hero Bust' })).toHaveTextContent('Qty 1');

    await user.click(within(await line('Cable Turtle')).getByRole('button', { name: 'Save for later: Cable Turtle' }));
    expect(store.getState().cart.items).toEqual({ 'b1_|': 2 });
    expect(store.getState().saved.items).toEqual({ 'b1_|': 1, 'b2_|': 1 });
    expect(within(saved).getByRole('listitem', { name: 'Cable Turtle' })).toBeInTheDocument();

    await user.click(within(saved).getByRole('button', { name: 'Move to cart: Hero Bust' }));
    expect(store.getState().cart.items).toEqual({ 'b1_|': 3 });
    expect(within(await line('Hero Bust')).getByRole('textbox', { name: 'Quantity of Hero Bust' })).toHaveValue('3');
    await user.click(within(saved).getByRole('button', { name: 'Remove Cable Turtle from saved items' }));
    expect(screen.queryByRole('list', { name: 'Saved for later' })).not.toBeInTheDocument();

    await user.click(within(await line('Hero Bust')).getByRole('button', { name: 'Remove Hero Bust' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the store' })).toHaveAttribute('href', '/collection');
  });

  it('tells a guest to log in, with /cart as the redirect-after-login target', async () => {
    const { user, store } = renderCart({ cart: { items: { 'b2_|': 1 } } });
    await cartList();
    expect(totals().getByText('To proceed to checkout, please log in.')).toBeInTheDocument();
    expect(store.getState().session.redirectAfterLogin).toBe('/cart');
    await user.click(totals().getByRole('button', { name: 'Log in' }));
    // The login screen is loaded lazily; the navigation completes once it is there.
    await waitFor(() => expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/login'), { timeout: 5000 });
    expect(store.getState().session.redirectAfterLogin).toBe('/cart');
  });

  it('lets a logged-in shopper check out, and keeps the cart with a toast when the server sync fails', async () => {
    mswServer.use(
      http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
      http.post('*/api/cart/update', () => HttpResponse.json({ success: false, message: 'down' }, { status: 500 })),
      http.post('*/api/cart/add', () => HttpResponse.error()),
    );
    const { user, store } = renderCart({
      session: { ...initialSessionState, status: 'authenticated', token: 'tok' },
      cart: { items: { 'b2_|': 1 } },
      saved: { items: { 'b1_|': 1 } },
    });
    expect(await screen.findByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/place-order');
    expect(screen.queryByText('To proceed to checkout, please log in.')).not.toBeInTheDocument();

    await user.click(within(await screen.findByRole('list', { name: 'Saved for later' })).getByRole('button', { name: 'Move to cart: Hero Bust' }));
    expect(await screen.findByText(CART_SYNC_ERROR)).toBeInTheDocument();
    expect(store.getState().cart.items).toEqual({ 'b2_|': 1, 'b1_|': 1 });
    expect(await screen.findByText(/Your cart is saved on this device/)).toBeInTheDocument();
  });

  it('puts a removed line back with its quantity from the toast\'s Undo, on the server too for a logged-in shopper', async () => {
    const sent: { itemId: string; color: string; quantity: number }[] = [];
    mswServer.use(
      http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
      http.post('*/api/cart/update', async ({ request }) => {
        sent.push((await request.json()) as (typeof sent)[number]);
        return HttpResponse.json({ success: true, message: 'Cart updated' });
      }),
    );
    const { user, store } = renderCart({
      session: { ...initialSessionState, status: 'authenticated', token: 'tok' },
      cart: { items: { 'b2_|': 3, 'b1_|': 1 } },
    });
    await user.click(within(await line('Cable Turtle')).getByRole('button', { name: 'Remove Cable Turtle' }));
    expect(store.getState().cart.items).toEqual({ 'b1_|': 1 });
    expect(await screen.findByText('Removed “Cable Turtle” from your cart.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(store.getState().cart.items).toEqual({ 'b1_|': 1, 'b2_|': 3 });
    expect(within(await line('Cable Turtle')).getByRole('textbox', { name: 'Quantity of Cable Turtle' })).toHaveValue('3');
    // The server ends with the line as it was: the removal, then the line back with 3.
    await waitFor(() => expect(store.getState().cart.pending).toEqual([]));
    expect(sent.at(-1)).toEqual({ itemId: 'b2', color: '|', quantity: 3 });
    // The toast closed with the Undo.
    await waitFor(() => expect(screen.queryByText('Removed “Cable Turtle” from your cart.')).not.toBeInTheDocument());
  });
});
