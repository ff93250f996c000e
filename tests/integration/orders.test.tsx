import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import type { Message, Order } from '../../src/domain/types';
import { ordersPaymentRedirect } from '../../src/features/orders/ordersListeners';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { makeStore } from '../../src/store/store';
import { settings } from '../fixtures/catalog';
import { mswServer } from '../utils/msw';
import { selectChatOpen } from '../../src/features/chat/chatSlice';
import { renderWithProviders } from '../utils/renderWithProviders';
import { fakeSocketFactory } from '../utils/fakeSocket';

vi.setConfig({ testTimeout: 30_000 });

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
const LOGGED_IN = { session: { ...initialSessionState, status: 'authenticated' as const, token: 'tok-1' } };
const CONV = 'c0ffee0000000000000000aa';

/** Oldest first, as the server answers. */
const ORDERS: Order[] = [
  {
    _id: '65a1f0c2aa0000000000aa01',
    status: 'Delivered',
    items: [{ productId: 'b1', name: 'Galaxy Dragon', image: ['/img/p/b1.svg', '/img/p/b1b.svg'], unitPrice: 30, price: 30, quantity: 2, color: 'Red|M' }],
    amount: 70,
    paymentMethod: 'Stripe',
    trackingNumber: '1Z999AA10123456784',
    date: 1,
  },
  {
    _id: '77c3d4e5cc0000000000cc02',
    status: 'Processing',
    items: [
      { productId: 'bn1', name: 'Desk Buddies Set', image: '/img/p/bn1.svg', unitPrice: 49.5, quantity: 1, color: 'bundle' },
      { productId: 'b2', name: 'Moon Lamp', image: '', price: 12.25, quantity: 3, color: 'null|' },
    ],
    amount: 96.25,
    paymentMethod: 'Stripe',
    date: 2,
  },
  {
    _id: '88d4e5f6dd0000000000dd03',
    status: 'Payment Pending',
    items: [{ productId: 'b3', name: 'Fidget Cube', image: '/img/p/b3.svg', unitPrice: 9.99, quantity: 1, color: '|' }],
    amount: 19.99,
    paymentMethod: 'Stripe',
    date: 3,
  },
];

const msg = (over: Partial<Message>): Message => ({ _id: 'm0', body: '', sender: { _id: 'u1' }, conversation: CONV, isAdmin: false, createdAt: '2026-01-01T12:00:00.000Z', ...over });

interface Calls {
  orders: number;
  read: number;
  sent: unknown[];
}
let calls: Calls;
let unread = 0;
let thread: Message[] = [];

beforeAll(async () => {
  await Promise.all([import('../../src/app/pages/Orders'), import('../../src/features/session/LoginPage')]);
}, 60_000);

beforeEach(() => {
  calls = { orders: 0, read: 0, sent: [] };
  unread = 0;
  thread = [];
  mswServer.use(
    http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
    http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
    http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: ADA })),
    http.post('*/api/order/userorders', () => {
      calls.orders += 1;
      return HttpResponse.json({ success: true, orders: ORDERS });
    }),
    http.get('*/api/conversations/general/unread', () => HttpResponse.json({ success: true, unread, conversationId: CONV })),
    http.get('*/api/conversations/general', () => HttpResponse.json({ success: true, conversation: { _id: CONV, user: { _id: 'u1', name: 'Ada Lovelace' } }, messages: thread })),
    http.post('*/api/conversations/general/read', () => {
      calls.read += 1;
      unread = 0;
      return HttpResponse.json({ success: true, unread: 0, conversationId: CONV });
    }),
    http.post('*/api/messages', async ({ request }) => {
      const body = (await request.json()) as { conversationId: string; body: string };
      calls.sent.push(body);
      return HttpResponse.json({ success: true, message: msg({ _id: `sent-${calls.sent.length}`, body: body.body, createdAt: '2026-01-01T12:05:00.000Z' }) });
    }),
  );
});

function renderOrders(preloaded = LOGGED_IN) {
  const fake = fakeSocketFactory();
  const store = makeStore(preloaded, { now: () => Date.UTC(2026, 0, 1), newId: () => 'id' }, { socketFactory: fake.factory });
  const r = renderWithProviders(<Layout />, { route: '/orders', store });
  return { ...r, ...fake };
}

const cards = () => screen.getAllByTestId('order-card');
const cardFor = (id: string) => cards().find((c) => c.getAttribute('data-order-id') === id)!;

describe('/orders', () => {
  it('sends a guest to /login with /orders as the way back, fetching nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { store } = renderOrders({ session: initialSessionState } as unknown as typeof LOGGED_IN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(store.getState().session.redirectAfterLogin).toBe('/orders');
    expect(log).toHaveBeenCalledWith('No token available');
    expect(calls.orders).toBe(0);
    log.mockRestore();
  });

  it('greets the shopper and lists orders newest first with their cards', async () => {
    renderOrders();
    expect(await screen.findByRole('heading', { level: 1, name: 'MY ORDERS' })).toBeInTheDocument();
    // The greeting waits for the profile, which may answer after the orders' heading is drawn.
    expect(await screen.findByText('Welcome, Ada Lovelace – ada@example.com')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((c) => c.getAttribute('data-order-id'))).toEqual([ORDERS[2]!._id, ORDERS[1]!._id, ORDERS[0]!._id]);

    const delivered = cardFor(ORDERS[0]!._id);
    expect(within(delivered).getByTestId('order-total')).toHaveTextContent('$70.00');
    expect(within(delivered).getByTestId('tracking-number')).toHaveTextContent('1Z999AA10123456784');
    expect(within(delivered).getByTestId('status-dot')).toHaveAttribute('data-color', 'green');
    expect(within(delivered).getByText('Stripe')).toBeInTheDocument();
    expect(delivered.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/img/p/b1.svg'));
    expect(cardFor(ORDERS[1]!._id).querySelector('img')).toHaveAttribute('src', expect.stringContaining('/img/p/bn1.svg'));
    expect(within(cardFor(ORDERS[1]!._id)).getByTestId('status-dot')).toHaveAttribute('data-color', 'yellow');
    expect(within(cardFor(ORDERS[2]!._id)).getByRole('button', { name: 'Complete payment' })).toBeInTheDocument();
    expect(within(delivered).queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
  });

  it('searches by order id or product name, filters by status and clears the filters', async () => {
    const { user } = renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const search = screen.getByPlaceholderText('Enter Order ID...');
    await user.type(search, '77C3');
    expect(cards().map((c) => c.getAttribute('data-order-id'))).toEqual([ORDERS[1]!._id]);

    await user.selectOptions(screen.getByLabelText('Search by'), 'productName');
    const byName = screen.getByPlaceholderText('Enter Product Name...');
    expect(byName).toHaveValue(''); // changing the method clears the text
    await user.type(byName, 'lamp');
    expect(cards().map((c) => c.getAttribute('data-order-id'))).toEqual([ORDERS[1]!._id]);

    await user.clear(byName);
    await user.selectOptions(screen.getByLabelText('Status'), 'Delivered');
    expect(cards().map((c) => c.getAttribute('data-order-id'))).toEqual([ORDERS[0]!._id]);
    await user.type(byName, 'lamp');
    expect(screen.queryAllByTestId('order-card')).toHaveLength(0);
    expect(screen.getByText('No orders match your filters')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    expect(cards()).toHaveLength(3);
    expect(screen.getByLabelText('Search by')).toHaveValue('orderId');
    expect(screen.getByLabelText('Status')).toHaveValue('All');
    expect(screen.getByPlaceholderText('Enter Order ID...')).toHaveValue('');
  });

  it('expands one order at a time with its items, variants and bundle badge', async () => {
    const { user } = renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const processing = cardFor(ORDERS[1]!._id);
    await user.click(within(processing).getByRole('button', { name: 'Order Details' }));
    const items = within(processing).getByRole('list', { name: 'Order Items' });
    const rows = within(items).getAllByTestId('order-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Desk Buddies Set')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Bundle Deal')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Unit Price')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText('$49.50')).toHaveLength(2);
    expect(within(rows[1]!).getByText('Moon Lamp')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/null/)).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByText(/Color:/)).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('3')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$36.75')).toBeInTheDocument();
    expect(within(processing).getByRole('button', { name: 'Hide Details' })).toBeInTheDocument();

    const delivered = cardFor(ORDERS[0]!._id);
    await user.click(within(delivered).getByRole('button', { name: 'Order Details' }));
    expect(within(delivered).getByText('Color: Red')).toBeInTheDocument();
    expect(within(delivered).getByText('Size: M')).toBeInTheDocument();
    await waitFor(() => expect(within(processing).queryByRole('list', { name: 'Order Items' })).not.toBeInTheDocument());
    expect(within(processing).getByRole('button', { name: 'Order Details' })).toBeInTheDocument();
  });

  it("'Order Status' fetches the orders again, so does the socket's connection; a live orderUpdated changes the card in place", async () => {
    const { user, latest } = renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const before = calls.orders;
    await user.click(within(cardFor(ORDERS[1]!._id)).getByRole('button', { name: 'Order Status' }));
    await waitFor(() => expect(calls.orders).toBe(before + 1));

    await waitFor(() => expect(latest()).toBeDefined());
    act(() => latest().serverConnects());
    // Once the socket is up the list is read again (an update made before it was up is not lost).
    await waitFor(() => expect(calls.orders).toBe(before + 2));
    act(() => latest().serverEmit('orderUpdated', { ...ORDERS[1]!, status: 'Delivered', trackingNumber: 'TRACK-9' }));
    const card = cardFor(ORDERS[1]!._id);
    await waitFor(() => expect(within(card).getByTestId('status-dot')).toHaveAttribute('data-color', 'green'));
    expect(within(card).getByTestId('order-status')).toHaveTextContent('Delivered');
    expect(within(card).getByTestId('tracking-number')).toHaveTextContent('TRACK-9');
  });

  it('a 401 on the orders fetch ends the session and goes to /login', async () => {
    mswServer.use(http.post('*/api/order/userorders', () => HttpResponse.json({ success: false, message: 'Your session has expired. Please log in again.' }, { status: 401 })));
    const { store } = renderOrders();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.redirectAfterLogin).toBe('/orders');
  });

  it("'Complete payment' resumes a pending order's payment", async () => {
    const go = vi.fn();
    const real = ordersPaymentRedirect.go;
    ordersPaymentRedirect.go = go;
    mswServer.use(
      http.post('*/api/order/resume-payment', () => HttpResponse.json({ success: true, session_url: 'http://pay.test/pay/cs_9', orderId: ORDERS[2]!._id, sessionId: 'cs_9', amount: 19.99 })),
    );
    try {
      const { user } = renderOrders();
      await waitFor(() => expect(cards()).toHaveLength(3));
      await user.click(within(cardFor(ORDERS[2]!._id)).getByRole('button', { name: 'Complete payment' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.test/pay/cs_9'));
    } finally {
      ordersPaymentRedirect.go = real;
    }
  });
});

/** A request the test lets through when it chooses (to look at a button while its call runs). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('request buttons show progress and cannot be sent twice', () => {
  it("'Order Status': a spinner in the pressed button (label kept, aria-busy), every 'Order Status' waits, one fetch", async () => {
    const { user } = renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const slow = gate();
    mswServer.use(
      http.post('*/api/order/userorders', async () => {
        calls.orders += 1;
        await slow.opened;
        return HttpResponse.json({ success: true, orders: ORDERS });
      }),
    );
    const before = calls.orders;
    const pressed = within(cardFor(ORDERS[1]!._id)).getByRole('button', { name: /Order Status/ });
    const other = within(cardFor(ORDERS[0]!._id)).getByRole('button', { name: /Order Status/ });
    await user.click(pressed);

    await waitFor(() => expect(pressed).toHaveAttribute('aria-busy', 'true'));
    expect(pressed).toBeDisabled();
    expect(within(pressed).getByRole('progressbar')).toBeInTheDocument();
    expect(pressed).toHaveTextContent(/^Order Status$/);
    expect(other).toBeDisabled();
    expect(within(other).queryByRole('progressbar')).not.toBeInTheDocument();
    // Pressing again (this card or another) sends nothing more.
    fireEvent.click(pressed);
    fireEvent.click(other);
    expect(calls.orders).toBe(before + 1);

    slow.open();
    await waitFor(() => expect(pressed).toBeEnabled());
    expect(pressed).toHaveAttribute('aria-busy', 'false');
    expect(within(pressed).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(calls.orders).toBe(before + 1);
  });

  it("'Complete payment': a spinner while the payment page is asked for, and only one is asked for", async () => {
    const go = vi.fn();
    const real = ordersPaymentRedirect.go;
    ordersPaymentRedirect.go = go;
    const slow = gate();
    let resumes = 0;
    mswServer.use(
      http.post('*/api/order/resume-payment', async () => {
        resumes += 1;
        await slow.opened;
        return HttpResponse.json({ success: true, session_url: 'http://pay.test/pay/cs_1', orderId: ORDERS[2]!._id, sessionId: 'cs_1', amount: 19.99 });
      }),
    );
    try {
      const { user } = renderOrders();
      await waitFor(() => expect(cards()).toHaveLength(3));
      const pay = within(cardFor(ORDERS[2]!._id)).getByRole('button', { name: /Complete payment/ });
      await user.click(pay);
      await waitFor(() => expect(pay).toHaveAttribute('aria-busy', 'true'));
      expect(pay).toBeDisabled();
      expect(within(pay).getByRole('progressbar')).toBeInTheDocument();
      expect(pay).toHaveTextContent(/^Complete payment$/);
      fireEvent.click(pay);
      slow.open();
      await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.test/pay/cs_1'));
      expect(go).toHaveBeenCalledTimes(1);
      expect(resumes).toBe(1);
    } finally {
      ordersPaymentRedirect.go = real;
    }
  });

  it("'Could not reopen the payment page. Please try again.' when the server gives no reason; the button works again", async () => {
    mswServer.use(http.post('*/api/order/resume-payment', () => new HttpResponse(null, { status: 502 })));
    const { user } = renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(within(cardFor(ORDERS[2]!._id)).getByRole('button', { name: /Complete payment/ }));
    expect(await screen.findByText('Could not reopen the payment page. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(cardFor(ORDERS[2]!._id)).getByRole('button', { name: /Complete payment/ })).toBeEnabled());
  });

  it('chat: the send button shows progress while a message is on its way; Enter meanwhile sends nothing more', async () => {
    const slow = gate();
    mswServer.use(
      http.post('*/api/messages', async ({ request }) => {
        const body = (await request.json()) as { conversationId: string; body: string };
        calls.sent.push(body);
        await slow.opened;
        return HttpResponse.json({ success: true, message: msg({ _id: `sent-${calls.sent.length}`, body: body.body }) });
      }),
    );
    const { user } = renderOrders();
    await user.click(await screen.findByRole('button', { name: /Contact Support/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
    await within(dialog).findByText('No messages yet.');
    const input = within(dialog).getByPlaceholderText('Type a message…');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await user.type(input, 'first{Enter}');
    await waitFor(() => expect(send).toHaveAttribute('aria-busy', 'true'));
    expect(send).toBeDisabled();
    expect(within(send).getByRole('progressbar')).toBeInTheDocument();

    await user.type(input, 'second{Enter}');
    fireEvent.click(send);
    expect(calls.sent).toEqual([{ conversationId: CONV, body: 'first' }]);
    expect(input).toHaveValue('second');

    slow.open();
    expect(await within(dialog).findByText('first')).toBeInTheDocument();
    await waitFor(() => expect(send).toBeEnabled());
    expect(within(send).queryByRole('progressbar')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.sent.map((m) => (m as { body: string }).body)).toEqual(['first', 'second']));
  });
});

describe("dates in the shop's zone", () => {
  it('reads the dates in the zone the settings give (SHOP_TIMEZONE), not New York', async () => {
    // The first order was placed 1 ms after midnight UTC on Jan 1, 1970: Dec 31 in New York, Jan 1 in Tokyo.
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() => expect(within(cardFor(ORDERS[0]!._id)).getByTestId('order-date')).toHaveTextContent('Dec 31, 1969'));
  });

  it('in Asia/Tokyo', async () => {
    mswServer.use(http.get('*/api/settings', () => HttpResponse.json({ success: true, settings: { ...settings, timeZone: 'Asia/Tokyo' } })));
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await waitFor(() => expect(within(cardFor(ORDERS[0]!._id)).getByTestId('order-date')).toHaveTextContent('Jan 1, 1970'));
  });
});

describe('Contact Support and the Support Chat', () => {
  it('hides the button when showSupportInOrders is off', async () => {
    mswServer.use(http.get('*/api/settings', () => HttpResponse.json({ success: true, settings: { ...settings, showSupportInOrders: false } })));
    renderOrders();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /Contact Support/ })).not.toBeInTheDocument();
  });

  it('shows the red dot for unread staff messages; opening the chat shows the thread, clears it and marks it read', async () => {
    unread = 2;
    thread = [msg({ _id: 'a1', body: 'Where is my dragon?' }), msg({ _id: 'a2', body: 'It ships <b>today</b>!', isAdmin: true, sender: { _id: 'staff' }, createdAt: '2026-01-01T12:01:00.000Z' })];
    const { user, store, latest } = renderOrders();
    const button = await screen.findByRole('button', { name: /Contact Support/ });
    await waitFor(() => expect(screen.getByTestId('unread-dot')).not.toHaveClass('MuiBadge-invisible'));
    expect(button).toHaveAccessibleName('Contact Support (2 unread messages)');
    await waitFor(() => expect(latest()).toBeDefined());
    act(() => latest().serverConnects());
    await waitFor(() => expect(latest().joins).toContain(CONV)); // in the room while closed: the dot stays live

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
    const log = await within(dialog).findByRole('log');
    const bubbles = within(log).getAllByTestId('chat-message');
    expect(bubbles).toHaveLength(2);
    expect(bubbles[0]).toHaveAttribute('data-own', 'true');
    expect(within(bubbles[0]!).getByText('You')).toBeInTheDocument();
    expect(within(bubbles[1]!).getByText('LayerLoft')).toBeInTheDocument();
    // Rendered as text, never HTML.
    expect(within(bubbles[1]!).getByText('It ships <b>today</b>!')).toBeInTheDocument();
    expect(dialog.querySelector('b')).toBeNull();
    expect(screen.getByTestId('unread-dot')).toHaveClass('MuiBadge-invisible');
    await waitFor(() => expect(calls.read).toBeGreaterThan(0));
    expect(selectChatOpen(store.getState())).toBe(true);
  });

  it("sends with Enter (trimmed), not with Shift+Enter; shows the message once though the socket echoes it", async () => {
    const { user, latest } = renderOrders();
    await user.click(await screen.findByRole('button', { name: /Contact Support/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
    expect(await within(dialog).findByText('No messages yet.')).toBeInTheDocument();
    const input = within(dialog).getByPlaceholderText('Type a message…');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(calls.sent).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '  Hello{Shift>}{Enter}{/Shift}there  ');
    expect(input).toHaveValue('  Hello\nthere  ');
    expect(calls.sent).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.sent).toEqual([{ conversationId: CONV, body: 'Hello\nthere' }]));
    expect(input).toHaveValue('');
    const bubble = await within(dialog).findByText((_, el) => el?.tagName === 'P' && el.textContent === 'Hello\nthere');
    expect(bubble).toBeInTheDocument();

    await waitFor(() => expect(latest()).toBeDefined());
    act(() => latest().serverConnects());
    act(() => latest().serverEmit('newMessage', msg({ _id: 'sent-1', body: 'Hello\nthere', createdAt: '2026-01-01T12:05:00.000Z' })));
    expect(within(dialog).getAllByTestId('chat-message')).toHaveLength(1);

    // A staff reply while open appears live (and is marked read), labelled with the shop name.
    const readBefore = calls.read;
    act(() => latest().serverEmit('newMessage', msg({ _id: 'staff-1', body: 'Hi Ada!', isAdmin: true, sender: { _id: 'staff' }, createdAt: '2026-01-01T12:06:00.000Z' })));
    expect(await within(dialog).findByText('Hi Ada!')).toBeInTheDocument();
    await waitFor(() => expect(calls.read).toBeGreaterThan(readBefore));

    // Closed: the next staff reply lights the red dot.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('unread-dot')).toHaveClass('MuiBadge-invisible');
    act(() => latest().serverEmit('newMessage', msg({ _id: 'staff-2', body: 'Shipped.', isAdmin: true, sender: { _id: 'staff' }, createdAt: '2026-01-01T12:07:00.000Z' })));
    await waitFor(() => expect(screen.getByTestId('unread-dot')).not.toHaveClass('MuiBadge-invisible'));
  });

  it("toasts 'Failed to load conversation' and the server's message when sending fails", async () => {
    mswServer.use(http.get('*/api/conversations/general', () => HttpResponse.json({ success: false }, { status: 500 })));
    const { user } = renderOrders();
    await user.click(await screen.findByRole('button', { name: /Contact Support/ }));
    expect(await screen.findAllByText('Failed to load conversation')).not.toHaveLength(0);

    mswServer.use(
      http.get('*/api/conversations/general', () => HttpResponse.json({ success: true, conversation: { _id: CONV, user: { _id: 'u1', name: 'Ada' } }, messages: [] })),
      http.post('*/api/messages', () => HttpResponse.json({ success: false, message: 'You are sending messages too quickly. Please wait 8 seconds and try again.' }, { status: 429 })),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
    const input = await within(dialog).findByPlaceholderText('Type a message…');
    await waitFor(() => expect(input).toBeEnabled());
    await user.type(input, 'hello{Enter}');
    expect(await screen.findByText('You are sending messages too quickly. Please wait 8 seconds and try again.')).toBeInTheDocument();
    // The text comes back so nothing typed is lost.
    await waitFor(() => expect(input).toHaveValue('hello'));
  });
});
