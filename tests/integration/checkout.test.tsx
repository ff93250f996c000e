import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import type { PlacedOrder } from '../../src/domain/types';
import { paymentRedirect } from '../../src/features/checkout/checkoutListeners';
import { selectCheckout } from '../../src/features/checkout/checkoutSlice';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';
import { PERSIST_KEY } from '../../src/store/persistKey';
import { startPersistence } from '../../src/store/persistence';
import { makeStore } from '../../src/store/store';
import { NOW } from '../fixtures/catalog';
import { memoryStorage } from '../utils/memoryStorage';

vi.setConfig({ testTimeout: 30_000 });

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
const LOGGED_IN = { session: { ...initialSessionState, status: 'authenticated' as const, token: 'tok-1' } };
/** b1: $40 at 25% off = $30 (×2); plain: $20 → subtotal $80 + $10 delivery = $90. */
const CART = { cart: { items: { 'b1_|': 2, 'plain_|': 1 } } };

type User = ReturnType<typeof renderWithProviders>['user'];
async function fill(user: User, label: string | RegExp, value: string) {
  const el = screen.getByLabelText(label);
  await user.clear(el);
  await user.click(el);
  await user.paste(value);
}

async function fillAddress(user: User) {
  await fill(user, /Street address/, '12 Analytical Way');
  await fill(user, /^City/, 'Portland');
  await user.selectOptions(screen.getByLabelText(/^State/), 'OR');
  await fill(user, /ZIP code/, '97201');
  await fill(user, /^Phone/, '(503) 555-0142');
}

const PLACED: PlacedOrder = {
  _id: 'order123',
  status: 'Order Placed',
  items: [{ productId: 'b1', name: 'Hero Bust', image: '/img/p/b1.svg', price: 30, unitPrice: 30, quantity: 2, color: '|' }],
  amount: 90,
  paymentMethod: 'Card',
  date: 0,
  address: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', street: '12 Analytical Way', city: 'Portland', state: 'OR', zipcode: '97201', country: 'United States', phone: '5035550142' },
  subtotal: 80,
  deliveryFee: 10,
  discount: 0,
  discountCode: null,
  isBuyNow: false,
};

let go: ReturnType<typeof vi.fn>;
const realGo = paymentRedirect.go;

beforeAll(async () => {
  await Promise.all([import('../../src/app/pages/PlaceOrder'), import('../../src/app/pages/Verify'), import('../../src/app/pages/OrderPlaced'), import('../../src/app/pages/Cart')]);
}, 60_000);

beforeEach(() => {
  go = vi.fn();
  paymentRedirect.go = go as unknown as typeof paymentRedirect.go;
  mswServer.use(
    http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
    http.post('*/api/cart/update', () => HttpResponse.json({ success: true })),
    http.post('*/api/cart/add', () => HttpResponse.json({ success: true })),
    http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
    http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: ADA })),
  );
});
afterEach(() => {
  paymentRedirect.go = realGo;
});

describe('/place-order', () => {
  it('sends a guest to /login and remembers to come back', async () => {
    const { store } = renderWithProviders(<Layout />, { route: '/place-order', preloadedState: CART });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 5000 })).toBeInTheDocument();
    expect(store.getState().session.redirectAfterLogin).toBe('/place-order');
  });

  it("keeps a guest's buy-now item through /login and comes back to it", async () => {
    mswServer.use(
      http.post('*/api/user/login', () => HttpResponse.json({ success: true, token: 'tok-1' })),
      http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: ADA })),
    );
    const buyNow = { productId: 'plain', variant: '|', quantity: 2 };
    const { user, store } = renderWithProviders(<Layout />, { route: { pathname: '/place-order', state: buyNow }, preloadedState: CART });
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 5000 })).toBeInTheDocument();
    await fill(user, 'Email', 'ada@example.com');
    await fill(user, 'Password', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // Back on checkout with the buy-now item, not the cart's lines.
    expect(await screen.findByRole('heading', { level: 1, name: 'Place your order' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Buy now')).toBeInTheDocument();
    expect(await screen.findByText('Plain Planter')).toBeInTheDocument();
    expect(screen.queryByText('Hero Bust')).not.toBeInTheDocument();
    expect(store.getState().session.redirectAfterLogin).toBeNull();
  });

  it('prefills the account, validates inline, and hands over to payment with pendingOrder saved', async () => {
    let sent: Record<string, unknown> | undefined;
    mswServer.use(
      http.post('*/api/order/stripe', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, session_url: 'http://pay.test/pay/cs_1', orderId: 'order123', sessionId: 'cs_1', amount: 90 });
      }),
    );
    const { user, store } = renderWithProviders(<Layout />, { route: '/place-order', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByRole('heading', { level: 1, name: 'Place your order' }, { timeout: 5000 });
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Lovelace');
    expect(screen.getByLabelText(/Email address/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/Country/)).toHaveValue('United States');
    expect(within(screen.getByRole('combobox', { name: /State/ })).getAllByRole('option')).toHaveLength(52);

    expect(await screen.findByTestId('order-total')).toHaveTextContent('$90.00');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('$80.00')).toBeInTheDocument();
    expect(within(summary).getByText('$10.00')).toBeInTheDocument();

    // Inline: leaving a filled field checks it; submitting shows every missing one.
    await fill(user, /ZIP code/, '123');
    await user.tab();
    expect(await screen.findByText('Please enter a 5-digit ZIP code (or ZIP+4)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('Please enter your street address')).toBeInTheDocument();
    expect(screen.getByText('Please choose a US state')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 10-digit phone number')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();

    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.test/pay/cs_1'));
    expect(sent).toMatchObject({
      amount: 90,
      isBuyNow: false,
      discountCode: '',
      address: { firstName: 'Ada', state: 'OR', zipcode: '97201', phone: '5035550142', country: 'United States' },
      items: [
        { productId: 'b1', name: 'Hero Bust', quantity: 2, color: '|', price: 30, unitPrice: 30, image: expect.any(String) },
        { productId: 'plain', name: 'Plain Planter', quantity: 1, color: '|', price: 20, unitPrice: 20, image: expect.any(String) },
      ],
    });
    const pending = JSON.parse(localStorage.getItem('pendingOrder')!);
    expect(pending).toMatchObject({ isBuyNow: false, orderId: 'order123', sessionId: 'cs_1', amount: 90 });
    // The global loading flag covers the hand-over.
    expect(store.getState().ui.pendingLoads).toBeGreaterThan(0);
    expect(selectCheckout(store.getState()).status).toBe('redirecting');
    expect(JSON.parse(localStorage.getItem('layerloft:lastAddress')!)).toMatchObject({ street: '12 Analytical Way', zipcode: '97201' });
  });

  it('prefills the last address used', async () => {
    localStorage.setItem('layerloft:lastAddress', JSON.stringify({ ...PLACED.address, firstName: 'Augusta', street: '1 Difference Rd' }));
    renderWithProviders(<Layout />, { route: '/place-order', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByRole('heading', { level: 1, name: 'Place your order' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByLabelText(/Street address/)).toHaveValue('1 Difference Rd'));
    expect(screen.getByLabelText(/First name/)).toHaveValue('Augusta');
    expect(screen.getByLabelText(/^State/)).toHaveValue('OR');
  });

  it("applies a code (trimmed, upper-cased) and shows 'Invalid code' for a bad one", async () => {
    const asked: string[] = [];
    mswServer.use(
      http.post('*/api/discounts/validate', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        asked.push(code);
        return code === 'WELCOME10'
          ? HttpResponse.json({ success: true, discount: { code: 'WELCOME10', percentage: 10 } })
          : HttpResponse.json({ success: false, message: 'Invalid code' }, { status: 404 });
      }),
    );
    const { user } = renderWithProviders(<Layout />, { route: '/place-order', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByTestId('order-total', undefined, { timeout: 5000 });
    await fill(user, 'Discount code', '   ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(asked).toEqual([]);

    await fill(user, 'Discount code', 'nope');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid code')).toBeInTheDocument();

    await fill(user, 'Discount code', ' welcome10 ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('WELCOME10 · 10% off')).toBeInTheDocument();
    expect(asked).toEqual(['NOPE', 'WELCOME10']);
    // ($80 + $10) − 10% = $81.00
    expect(screen.getByTestId('order-total')).toHaveTextContent('$81.00');
  });

  it('while a code is checked, Apply shows progress (aria-busy) and neither Apply nor Enter sends it again', async () => {
    let asked = 0;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    mswServer.use(
      http.post('*/api/discounts/validate', async () => {
        asked += 1;
        await opened;
        return HttpResponse.json({ success: true, discount: { code: 'WELCOME10', percentage: 10 } });
      }),
    );
    const { user } = renderWithProviders(<Layout />, { route: '/place-order', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByTestId('order-total', undefined, { timeout: 5000 });
    await fill(user, 'Discount code', 'welcome10');
    await user.keyboard('{Enter}');
    const apply = screen.getByRole('button', { name: /Checking|Apply/ });
    await waitFor(() => expect(apply).toHaveAttribute('aria-busy', 'true'));
    expect(apply).toBeDisabled();
    expect(within(apply).getByRole('progressbar')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Discount code'));
    await user.keyboard('{Enter}{Enter}');
    expect(asked).toBe(1);
    open();
    expect(await screen.findByText('WELCOME10 · 10% off')).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('shows the new total when prices changed and pays it after confirmation', async () => {
    const amounts: number[] = [];
    mswServer.use(
      http.post('*/api/order/stripe', async ({ request }) => {
        const body = (await request.json()) as { amount: number };
        amounts.push(body.amount);
        if (body.amount !== 95) return HttpResponse.json({ success: false, message: 'Prices changed', amount: 95 }, { status: 409 });
        return HttpResponse.json({ success: true, session_url: 'http://pay.test/pay/cs_2', orderId: 'o2', sessionId: 'cs_2', amount: 95 });
      }),
      http.post('*/api/order/quote', () =>
        HttpResponse.json({ success: true, quote: { subtotal: 85, deliveryFee: 10, discount: 0, amount: 95, discountCode: null, discountPercent: 0 } }),
      ),
    );
    const { user } = renderWithProviders(<Layout />, { route: '/place-order', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByTestId('order-total', undefined, { timeout: 5000 });
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Your total has changed' });
    expect(dialog).toHaveTextContent('The new total is $95.00 (you saw $90.00)');
    expect(go).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $95.00' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.test/pay/cs_2'));
    expect(amounts).toEqual([90, 95]);
  });

  it("shows 'An error occurred while placing the order.' with the server's reason", async () => {
    mswServer.use(
      http.post('*/api/order/stripe', () => HttpResponse.json({ success: false, message: 'Some items cannot be ordered: Hero Bust is out of stock.' }, { status: 400 })),
    );
    const { user } = renderWithProviders(<Layout />, { route: '/place-order', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByTestId('order-total', undefined, { timeout: 5000 });
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    const alert = await screen.findByText('An error occurred while placing the order.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Hero Bust is out of stock');
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Place order/ })).toBeEnabled();
  });

  it('tells the shopper when there is nothing to order', async () => {
    renderWithProviders(<Layout />, { route: '/place-order', preloadedState: LOGGED_IN });
    expect(await screen.findByText('Your cart is empty. Please add items before placing an order.', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('/verify and /order-placed', () => {
  function verifyReplies(reply: () => Response) {
    const bodies: unknown[] = [];
    mswServer.use(
      http.post('*/api/order/verifyStripe', async ({ request }) => {
        bodies.push(await request.json());
        return reply();
      }),
    );
    return bodies;
  }

  it('on success: removes pendingOrder, empties the cart, shows the order', async () => {
    localStorage.setItem('pendingOrder', JSON.stringify({ orderId: 'order123', sessionId: 'cs_1', isBuyNow: false, amount: 90 }));
    const bodies = verifyReplies(() => HttpResponse.json({ success: true, order: PLACED }));
    const { store } = renderWithProviders(<Layout />, { route: '/verify?success=true&session_id=cs_1', preloadedState: { ...LOGGED_IN, ...CART } });
    expect(await screen.findByRole('heading', { name: 'Order Placed Successfully!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('placed-order-id')).toHaveTextContent('order123');
    expect(screen.getByTestId('placed-total')).toHaveTextContent('$90.00');
    const line = within(screen.getByRole('list', { name: 'Ordered items' })).getByRole('listitem');
    expect(within(line).getByText('Hero Bust')).toBeInTheDocument();
    expect(within(line).getByText('2 × $30.00')).toBeInTheDocument();
    expect(within(line).getByText('$60.00')).toBeInTheDocument();
    expect(screen.getByText(/12 Analytical Way/)).toBeInTheDocument();
    for (const text of ["What's Next?", 'Email Confirmation', 'Processing Time', 'Order Tracking']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(bodies).toEqual([{ success: true, sessionId: 'cs_1', orderData: expect.objectContaining({ isBuyNow: false }) }]);
    expect(localStorage.getItem('pendingOrder')).toBeNull();
    expect(store.getState().cart.items).toEqual({});
  });

  it('back from the payment page, waits for the saved token before verifying (it is read back after hydration)', async () => {
    const tokens: Array<string | null> = [];
    mswServer.use(
      http.post('*/api/order/verifyStripe', ({ request }) => {
        tokens.push(request.headers.get('token'));
        return HttpResponse.json({ success: true, order: PLACED });
      }),
    );
    // The page as main.tsx starts it: a guest's state first, the saved session read back after.
    const store = makeStore(undefined, { now: () => NOW }, { restoresSavedState: true });
    const storage = memoryStorage({ [`persist:${PERSIST_KEY}`]: JSON.stringify({ session: JSON.stringify({ token: 'tok-1' }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }) });
    renderWithProviders(<Layout />, { store, route: '/verify?success=true&session_id=cs_1' });
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(tokens).toEqual([]);
    await act(() => startPersistence(store, { storage }));
    expect(await screen.findByRole('heading', { name: 'Order Placed Successfully!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(tokens).toEqual(['tok-1']);
  });

  it('keeps the cart after a buy-now order', async () => {
    localStorage.setItem('pendingOrder', JSON.stringify({ orderId: 'order123', sessionId: 'cs_1', isBuyNow: true }));
    verifyReplies(() => HttpResponse.json({ success: true, order: { ...PLACED, isBuyNow: true } }));
    const { store } = renderWithProviders(<Layout />, { route: '/verify?success=true&session_id=cs_1', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByRole('heading', { name: 'Order Placed Successfully!' }, { timeout: 5000 });
    expect(store.getState().cart.items).toEqual(CART.cart.items);
  });

  it('a reload after success shows the order again without touching the cart', async () => {
    verifyReplies(() => HttpResponse.json({ success: true, order: PLACED }));
    const { store } = renderWithProviders(<Layout />, { route: '/verify?success=true&session_id=cs_1', preloadedState: { ...LOGGED_IN, ...CART } });
    await screen.findByRole('heading', { name: 'Order Placed Successfully!' }, { timeout: 5000 });
    expect(store.getState().cart.items).toEqual(CART.cart.items);
  });

  it('on failure: removes pendingOrder and goes to the cart, which is intact', async () => {
    localStorage.setItem('pendingOrder', JSON.stringify({ orderId: 'order123', sessionId: 'cs_1', isBuyNow: false }));
    verifyReplies(() => HttpResponse.json({ success: false, message: 'The payment was not completed.' }));
    const { store } = renderWithProviders(<Layout />, { route: '/verify?success=false&session_id=cs_1', preloadedState: { ...LOGGED_IN, ...CART } });
    expect(await screen.findByRole('heading', { level: 1, name: /cart/i }, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem('pendingOrder')).toBeNull();
    expect(store.getState().cart.items).toEqual(CART.cart.items);
  });

  it('cancelled on the card page: the cart says so at once, closes the session once and forgets pendingOrder; the cart is unchanged', async () => {
    localStorage.setItem('pendingOrder', JSON.stringify({ orderId: 'order123', sessionId: 'cs_9', isBuyNow: false }));
    const bodies = verifyReplies(() => HttpResponse.json({ success: false, message: 'This order was cancelled and nothing was charged.' }));
    const { store } = renderWithProviders(<Layout />, { route: '/cart?payment=cancelled&session_id=cs_9', preloadedState: { ...LOGGED_IN, ...CART } });
    expect(await screen.findByText('Payment cancelled — your cart is unchanged.', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(bodies).toEqual([{ success: false, sessionId: 'cs_9', orderData: null }]));
    expect(localStorage.getItem('pendingOrder')).toBeNull();
    expect(store.getState().cart.items).toEqual(CART.cart.items);
    expect(screen.getByRole('heading', { level: 1, name: /cart/i })).toBeInTheDocument();
  });

  it('the cart without that return says nothing about a payment and calls nothing', async () => {
    const bodies = verifyReplies(() => HttpResponse.json({ success: false }));
    renderWithProviders(<Layout />, { route: '/cart', preloadedState: { ...LOGGED_IN, ...CART } });
    expect(await screen.findByRole('heading', { level: 1, name: /cart/i }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Payment cancelled/)).toBeNull();
    expect(bodies).toEqual([]);
  });

  it('on an exception: a toast with the message', async () => {
    localStorage.setItem('pendingOrder', JSON.stringify({ orderId: 'order123', sessionId: 'cs_1', isBuyNow: false }));
    verifyReplies(() => HttpResponse.json({ success: false, message: 'Payment service unavailable' }, { status: 502 }));
    renderWithProviders(<Layout />, { route: '/verify?success=true&session_id=cs_1', preloadedState: { ...LOGGED_IN, ...CART } });
    expect(await screen.findByText('Payment service unavailable', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(localStorage.getItem('pendingOrder')).not.toBeNull();
  });
});
