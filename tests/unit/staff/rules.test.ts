import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../src/domain/orderStatus';
import type { Message } from '../../../src/domain/types';
import {
  actorLabel,
  allowedNextStatuses,
  AT_RISK_BOARD_URL,
  applyLiveMessage,
  boardQueryArgs,
  boardSearch,
  canCarryTracking,
  canSendReply,
  dateRangeError,
  movesMoney,
  pageCount,
  parseBoardFilters,
  planOrderUpdate,
  trackingNumberError,
} from '../../../src/features/staff/rules';
import type { StaffConversation } from '../../../src/features/staff/types';

describe('order moves (the arrows of ARCHITECTURE.md)', () => {
  it('offers only the arrows, never Order Placed (only the payment provider marks an order paid)', () => {
    expect(allowedNextStatuses('Payment Pending')).toEqual(['Cancelled']);
    expect(allowedNextStatuses('Order Placed')).toEqual(['Processing', 'Cancelled', 'Refunded']);
    expect(allowedNextStatuses('Processing')).toEqual(['Delivered', 'Cancelled', 'Refunded']);
    expect(allowedNextStatuses('Delivered')).toEqual(['Refunded']);
    expect(allowedNextStatuses('Cancelled')).toEqual([]);
    expect(allowedNextStatuses('Refunded')).toEqual([]);
    for (const from of ORDER_STATUSES) expect(allowedNextStatuses(from)).not.toContain('Order Placed');
  });

  it('a refund is a move to Refunded, or cancelling a paid order', () => {
    expect(movesMoney('Delivered', 'Refunded', true)).toBe(true);
    expect(movesMoney('Processing', 'Cancelled', true)).toBe(true);
    expect(movesMoney('Payment Pending', 'Cancelled', false)).toBe(false);
    expect(movesMoney('Order Placed', 'Processing', true)).toBe(false);
    // Not an allowed move at all: nothing to confirm.
    expect(movesMoney('Cancelled', 'Refunded', true)).toBe(false);
  });

  it('a tracking number belongs on a paid order, in the server’s characters', () => {
    expect(['Order Placed', 'Processing', 'Delivered'].every((s) => canCarryTracking(s as never))).toBe(true);
    expect(canCarryTracking('Payment Pending')).toBe(false);
    expect(canCarryTracking('Refunded')).toBe(false);
    expect(trackingNumberError('')).toBeNull();
    expect(trackingNumberError(' 1Z999AA1-0123.456_784 ')).toBeNull();
    expect(trackingNumberError('-abc')).toMatch(/starting with a letter or digit/);
    expect(trackingNumberError('ab<c')).toMatch(/letters, digits/);
    expect(trackingNumberError('x'.repeat(65))).toMatch(/at most 64/);
  });

  it('plans what the order page sends, and why it sends nothing', () => {
    const placed = { _id: 'o1', status: 'Order Placed' as const, paid: true, trackingNumber: undefined };
    const pendingOrder = { _id: 'o0', status: 'Payment Pending' as const, paid: false };
    expect(planOrderUpdate(placed, { status: '', tracking: '' })).toMatchObject({ ok: false, field: 'status' });
    expect(planOrderUpdate(placed, { status: 'Delivered', tracking: '' })).toMatchObject({ ok: false, field: 'status', message: 'An order that is Order Placed cannot move to Delivered.' });
    expect(planOrderUpdate(placed, { status: 'Processing', tracking: ' 1Z9 ' })).toEqual({ ok: true, refund: false, body: { orderId: 'o1', status: 'Processing', trackingNumber: '1Z9' } });
    expect(planOrderUpdate(placed, { status: 'Refunded', tracking: '' })).toEqual({ ok: true, refund: true, body: { orderId: 'o1', status: 'Refunded' } });
    // A tracking number never goes to an order that ends unpaid (the form hides the field then).
    expect(planOrderUpdate(placed, { status: 'Cancelled', tracking: 'T1' })).toEqual({ ok: true, refund: true, body: { orderId: 'o1', status: 'Cancelled' } });
    expect(planOrderUpdate(pendingOrder, { status: '', tracking: 'T1' })).toMatchObject({ ok: false, field: 'status' });
    expect(planOrderUpdate(placed, { status: 'Processing', tracking: '-x' })).toMatchObject({ ok: false, field: 'tracking' });
    const pending = { _id: 'o2', status: 'Payment Pending' as const, paid: false };
    expect(planOrderUpdate(pending, { status: 'Cancelled', tracking: '' })).toEqual({ ok: true, refund: false, body: { orderId: 'o2', status: 'Cancelled' } });
    // The tracking number it already has is not new.
    const shipped = { _id: 'o3', status: 'Processing' as const, paid: true, trackingNumber: 'T1' };
    expect(planOrderUpdate(shipped, { status: '', tracking: 'T1' })).toMatchObject({ ok: false, field: 'status' });
    expect(planOrderUpdate(shipped, { status: '', tracking: 'T2' })).toEqual({ ok: true, refund: false, body: { orderId: 'o3', trackingNumber: 'T2' } });
  });

  it('names who made a change', () => {
    expect(actorLabel({ kind: 'staff', _id: 's', name: 'Sam', email: 's@x.test' })).toBe('Sam (staff)');
    expect(actorLabel({ kind: 'provider', _id: null, name: null, email: null })).toBe('The payment provider');
    expect(actorLabel({ kind: 'expiry', _id: null, name: null, email: null })).toBe('Payment window expired');
  });
});

describe('order board filters in the url', () => {
  const DEFAULT_BOARD_FILTERS = { q: '', view: 'orders', status: 'All', from: '', to: '', page: 1 } as const;
  it('reads them without throwing, dropping what it cannot read', () => {
    expect(parseBoardFilters('')).toEqual(DEFAULT_BOARD_FILTERS);
    expect(parseBoardFilters('?q=%20dragon%20&status=delivered&from=2026-01-01&to=2026-02-30x&page=3')).toEqual({ q: 'dragon', view: 'orders', status: 'Delivered', from: '2026-01-01', to: '', page: 3 });
    expect(parseBoardFilters('?view=toFulfil').view).toBe('toFulfil');
    // The dashboard's "At risk" tile links to the board's view of it.
    expect(parseBoardFilters(AT_RISK_BOARD_URL.slice(AT_RISK_BOARD_URL.indexOf('?'))).view).toBe('atRisk');
    expect(boardQueryArgs(parseBoardFilters('?view=atRisk'))).toEqual({ view: 'atRisk', page: 1, pageSize: 25 });
    expect(parseBoardFilters('?view=abandoned').view).toBe('orders');
    expect(parseBoardFilters('?status=Shipped&page=-2&from=yesterday')).toEqual(DEFAULT_BOARD_FILTERS);
  });

  it('writes them back, leaving the defaults out, and round-trips', () => {
    expect(boardSearch(DEFAULT_BOARD_FILTERS)).toBe('');
    const f = { q: 'ada@example.com', view: 'toFulfil' as const, status: 'Processing' as const, from: '2026-01-01', to: '2026-01-31', page: 2 };
    expect(boardSearch(f)).toBe('?q=ada%40example.com&view=toFulfil&status=Processing&from=2026-01-01&to=2026-01-31&page=2');
    expect(parseBoardFilters(boardSearch(f))).toEqual(f);
  });

  it('asks the server for one page, without a reversed range', () => {
    expect(boardQueryArgs(DEFAULT_BOARD_FILTERS)).toEqual({ page: 1, pageSize: 25 });
    expect(boardQueryArgs({ ...DEFAULT_BOARD_FILTERS, view: 'toFulfil' })).toEqual({ view: 'toFulfil', page: 1, pageSize: 25 });
    expect(boardQueryArgs({ q: ' x ', view: 'orders', status: 'Refunded', from: '2026-02-01', to: '2026-01-01', page: 4 })).toEqual({ q: 'x', status: 'Refunded', from: '2026-02-01', page: 4, pageSize: 25 });
    expect(dateRangeError('2026-02-01', '2026-01-01')).toMatch(/before the start/);
    expect(dateRangeError('2026-01-01', '2026-01-01')).toBeNull();
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });
});

describe('the live inbox', () => {
  const conv = (id: string, at: string, unread = 0): StaffConversation => ({
    _id: id,
    user: { _id: `u${id}`, name: `N${id}`, email: `${id}@x.test` },
    unread,
    messageCount: 1,
    lastMessage: { body: 'old', isAdmin: false, createdAt: at },
  });
  const msg = (conversation: string, isAdmin: boolean, body = 'new'): Message => ({ _id: `m-${body}`, body, sender: { _id: 's' }, conversation, isAdmin, createdAt: '2026-11-24T10:00:00.000Z' });
  const list = [conv('a', '2026-11-24T09:00:00.000Z'), conv('b', '2026-11-24T08:00:00.000Z', 2)];

  it('a shopper’s message raises the unread count and brings its conversation to the top', () => {
    const next = applyLiveMessage(list, msg('b', false), null)!;
    expect(next.map((c) => c._id)).toEqual(['b', 'a']);
    expect(next[0]).toMatchObject({ unread: 3, messageCount: 2, lastMessage: { body: 'new', isAdmin: false } });
  });

  it('not in the open conversation, nor for staff replies; a repeat changes nothing; an unknown one asks for a re-read', () => {
    expect(applyLiveMessage(list, msg('b', false), 'b')![0]!.unread).toBe(2);
    expect(applyLiveMessage(list, msg('a', true), null)![0]).toMatchObject({ unread: 0, lastMessage: { isAdmin: true } });
    const once = applyLiveMessage(list, msg('b', false), null)!;
    expect(applyLiveMessage(once, msg('b', false), null)).toBe(once);
    expect(applyLiveMessage(list, msg('zz', false), null)).toBeNull();
  });

  it('sends a reply that is not blank, one at a time (the chat’s rule)', () => {
    expect(canSendReply('  hi ', false)).toBe(true);
    expect(canSendReply('   ', false)).toBe(false);
    expect(canSendReply('hi', true)).toBe(false);
    expect(canSendReply('x'.repeat(2001), false)).toBe(false);
  });
});
