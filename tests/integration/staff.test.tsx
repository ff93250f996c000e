import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import type { Message } from '../../src/domain/types';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { makeStore } from '../../src/store/store';
import { fakeSocketFactory } from '../utils/fakeSocket';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

/**
 * The staff console's door and inbox as a user meets them: guests log in first,
 * shoppers are refused, staff get the live inbox and answer from the keyboard.
 */
const A = 'a'.repeat(24);
const LOGGED_IN = { session: { ...initialSessionState, status: 'authenticated' as const, token: 'tok' } };
let replies: { email: string; text: string }[];

const message = (over: Partial<Message>): Message => ({ _id: 'm1', body: 'Where is my dragon?', sender: { _id: 'u' }, conversation: A, isAdmin: false, createdAt: '2026-11-24T09:00:00.000Z', ...over });

function asRole(role: 'staff' | 'shopper') {
  mswServer.use(http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: role === 'staff' ? 'Sam' : 'Ada', email: `${role}@example.com`, role } })));
}

beforeEach(() => {
  replies = [];
  mswServer.use(
    http.get('*/api/staff/conversations', () =>
      HttpResponse.json({
        success: true,
        conversations: [{ _id: A, user: { _id: 'u', name: 'Ada Lovelace', email: 'ada@example.com' }, unread: 1, messageCount: 1, lastMessage: { body: 'Where is my dragon?', isAdmin: false, createdAt: '2026-11-24T09:00:00.000Z' } }],
      }),
    ),
    http.get('*/api/staff/conversations/:id', () =>
      HttpResponse.json({
        success: true,
        customer: { _id: 'u', name: 'Ada Lovelace', email: 'ada@example.com' },
        conversation: { _id: A, user: { _id: 'u', name: 'Ada Lovelace' } },
        messages: [message({})],
        orders: [{ _id: 'f'.repeat(24), orderNumber: 1042, status: 'Processing', items: [], amount: 42, paymentMethod: 'Card', date: Date.UTC(2026, 10, 20), customer: null, deliveryEmail: 'ada@example.com', itemCount: 1 }],
      }),
    ),
    http.post('*/api/staff/reply', async ({ request }) => {
      const body = (await request.json()) as { email: string; text: string };
      replies.push(body);
      return HttpResponse.json({ success: true, conversationId: A, message: message({ _id: `r${replies.length}`, body: body.text, isAdmin: true, createdAt: '2026-11-24T09:05:00.000Z' }) });
    }),
  );
});

/** A staff order page's order (Ada's, two dragons, paid), with what a test changes. */
function staffOrder(id: string, changes: Record<string, unknown>) {
  return {
    _id: id, status: 'Processing', items: [{ name: 'Dragon', image: '', unitPrice: 20, quantity: 2, color: 'Red|' }], amount: 50, paymentMethod: 'Card', date: Date.UTC(2026, 10, 20),
    customer: { _id: 'u', name: 'Ada Lovelace', email: 'ada@example.com' }, deliveryEmail: 'ada@example.com', itemCount: 2,
    address: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', street: '1 Engine St', city: 'Portland', state: 'OR', zipcode: '97201', country: 'United States', phone: '5035550100' },
    subtotal: 40, deliveryFee: 10, discount: 0, discountCode: null, isBuyNow: false,
    payment: { method: 'Card', provider: 'test', sessionId: 's', sessionStatus: 'paid', paidAt: '2026-11-20T10:00:00.000Z' },
    history: [],
    ...changes,
  };
}

function renderAt(route: string, preloaded: Parameters<typeof makeStore>[0] = LOGGED_IN) {
  const fake = fakeSocketFactory();
  const store = makeStore(preloaded, {}, { socketFactory: fake.factory });
  return { ...renderWithProviders(<Layout />, { route, store }), ...fake };
}

describe('the staff console', () => {
  it('sends a guest to the login page, to come back after it', async () => {
    const { store } = renderAt('/staff/orders', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 8000 })).toBeInTheDocument();
    expect(store.getState().session.redirectAfterLogin).toBe('/staff/orders');
  });

  it('refuses a shopper with a clear page and the way back', async () => {
    asRole('shopper');
    renderAt('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff only' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/');
  });

  it('gives staff the inbox; a thread answers from the keyboard (Enter sends, Shift+Enter is a new line)', async () => {
    asRole('staff');
    const { user } = renderAt('/staff/inbox');
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 8000 });
    const row = within(list).getByRole('link', { name: /Ada Lovelace/ });
    expect(row).toHaveTextContent('1 unread');
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');

    row.focus();
    await user.keyboard('{Enter}');
    const reply = await screen.findByRole('textbox', { name: 'Reply' });
    expect(screen.getByRole('log', { name: 'Messages with Ada Lovelace' })).toHaveTextContent('Where is my dragon?');
    expect(screen.getByRole('link', { name: /Order #1042/ })).toHaveAttribute('href', `/staff/orders/${'f'.repeat(24)}`);
    // Still the inbox's section on a thread; read once opened.
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(row).not.toHaveTextContent('unread'));

    await user.type(reply, 'It ships today.{Shift>}{Enter}{/Shift}Tracking follows.');
    expect(replies).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(replies).toEqual([{ email: 'ada@example.com', text: 'It ships today.\nTracking follows.' }]));
    await waitFor(() => expect(reply).toHaveValue(''));
    expect(screen.getByRole('log', { name: 'Messages with Ada Lovelace' })).toHaveTextContent('Tracking follows.');
  });

  it('an order page offers only the allowed moves; a refused save keeps the form and says why; a refund asks first', async () => {
    asRole('staff');
    const id = 'e'.repeat(24);
    const sent: unknown[] = [];
    mswServer.use(
      http.get('*/api/staff/orders/:id', () =>
        HttpResponse.json({
          success: true,
          order: staffOrder(id, {
            history: [{ _id: 'h1', from: 'Order Placed', to: 'Processing', trackingNumber: null, by: { kind: 'staff', _id: 's', name: 'Sam', email: 'sam@example.com' }, at: '2026-11-21T10:00:00.000Z' }],
          }),
          audit: [],
        }),
      ),
      http.get('*/api/staff/orders/:id/refunds', () =>
        HttpResponse.json({
          success: true, orderId: id, status: 'Processing', paid: 50, refunded: 15, refundable: 35, shipping: 10, discount: 0,
          lines: [{ index: 0, name: 'Dragon', image: '', color: 'Red|', quantity: 2, refundedQuantity: 0, total: 40 }],
          refunds: [
            { _id: 'rf1', provider: 'test', providerRefundId: 're_1', amount: 5, status: 'succeeded', lines: [], reason: 'Late', restock: false, by: { _id: 's', name: 'Sam', email: 'sam@example.com' }, at: '2026-11-21T11:00:00.000Z' },
            { _id: 'rf2', provider: 'test', providerRefundId: 're_2', amount: 10, status: 'succeeded', lines: [], reason: null, restock: false, by: { _id: 's', name: 'Sam', email: 'sam@example.com' }, at: '2026-11-22T11:00:00.000Z' },
          ],
        }),
      ),
      http.post('*/api/staff/order-status', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: false, message: 'The order changed meanwhile; read it again and retry' }, { status: 409 });
      }),
    );
    const { user } = renderAt(`/staff/orders/${id}`);
    const status = await screen.findByRole('combobox', { name: 'New status' }, { timeout: 8000 });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['Keep Processing', 'Delivered', 'Cancelled', 'Refunded']);
    expect(screen.getByText('Order Placed → Processing')).toBeInTheDocument();
    expect(screen.getByText(/Sam \(staff\)/)).toBeInTheDocument();
    const line = within(within(screen.getByRole('region', { name: 'Items' })).getByRole('listitem'));
    expect(line.getByText('Red · × 2')).toBeInTheDocument();
    expect(line.getByText('$40.00')).toBeInTheDocument();
    // The Payment row and the refund panel read the same list: both refunds, not the latest alone.
    expect(await screen.findByTestId('order-refund')).toHaveTextContent('$15.00 in 2 refunds');
    expect(screen.getAllByTestId('refund-made')).toHaveLength(2);
    // The delivery address laid out as the packing slip lays it out (one Address component).
    expect(screen.getByTestId('delivery-address')).toHaveTextContent('Ada Lovelace 1 Engine St Portland, OR 97201 United States 5035550100');

    await user.selectOptions(status, 'Delivered');
    await user.type(screen.getByRole('textbox', { name: 'Tracking number' }), '1Z999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The order changed meanwhile; read it again and retry')).toBeInTheDocument();
    expect(sent).toEqual([{ orderId: id, status: 'Delivered', trackingNumber: '1Z999' }]);
    expect(status).toHaveValue('Delivered');
    expect(screen.getByRole('textbox', { name: 'Tracking number' })).toHaveValue('1Z999');

    await user.selectOptions(status, 'Refunded');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('gives $50.00 back to Ada Lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
  });

  it('an order never paid shows no refund panel: nothing to give back', async () => {
    asRole('staff');
    const id = 'f'.repeat(24);
    mswServer.use(
      http.get('*/api/staff/orders/:id', () =>
        HttpResponse.json({
          success: true,
          order: staffOrder(id, {
            status: 'Payment Pending', items: [{ name: 'Dragon', image: '', unitPrice: 20, quantity: 1, color: 'Red|' }], amount: 30, itemCount: 1, subtotal: 20,
            payment: { method: 'Card', provider: 'test', sessionId: 's', sessionStatus: 'open', paidAt: null },
          }),
          audit: [],
        }),
      ),
      http.get('*/api/staff/orders/:id/refunds', () =>
        HttpResponse.json({ success: true, orderId: id, status: 'Payment Pending', paid: 0, refunded: 0, refundable: 0, shipping: 10, discount: 0, lines: [], refunds: [] }),
      ),
    );
    renderAt(`/staff/orders/${id}`);
    expect(await screen.findByText('Not paid', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('refund-panel')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Refunds' })).toBeNull();
  });
});
