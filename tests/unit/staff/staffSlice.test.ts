import { describe, expect, it, vi } from 'vitest';
import { startStaffListeners } from '../../../src/features/staff/staffListeners';
import { isSendKeystroke } from '../../../src/domain/chat';
import { landingPath } from '../../../src/features/session/validation';
import {
  boardFilterEdited,
  boardFiltersApplied,
  inboxSearchApplied,
  inboxSearchEdited,
  orderFormEdited,
  orderUpdateFailed,
  orderUpdateSaved,
  orderUpdateStarted,
  refundConfirmAsked,
  replyDelivered,
  replyDraftEdited,
  replySendFailed,
  replySendStarted,
  selectBoardEdits,
  selectInboxQuery,
  selectOrderForm,
  selectRefundConfirm,
  selectReplyDraft,
  selectSendingReplyFor,
  selectUpdatingOrder,
  staffSlice,
} from '../../../src/features/staff/staffSlice';
import { loggedOut } from '../../../src/store/events';
import { makeStore, rootReducer } from '../../../src/store/store';

const reduce = (actions: { type: string }[]) => actions.reduce(staffSlice.reducer, staffSlice.getInitialState());

describe('staff slice', () => {
  it('is injected into the root reducer when its module (the console’s chunk) loads', () => {
    // Loading this module injected it: a new store has the slice's initial state under `staff`.
    const store = makeStore();
    expect((store.getState() as { staff?: unknown }).staff).toEqual(staffSlice.getInitialState());
    expect(Object.keys(rootReducer(undefined, { type: 'x' }))).toContain('staff');
  });

  it('the inbox search goes to the server only once applied', () => {
    const store = makeStore();
    store.dispatch(inboxSearchEdited('  ada '));
    expect(selectInboxQuery(store.getState())).toBe('');
    store.dispatch(inboxSearchApplied());
    expect(selectInboxQuery(store.getState())).toBe('ada');
  });

  it('while the console is mounted, the search goes out once typing pauses', async () => {
    const store = makeStore();
    const stop = startStaffListeners(store.dispatch);
    store.dispatch(inboxSearchEdited('a'));
    store.dispatch(inboxSearchEdited('ad'));
    store.dispatch(inboxSearchEdited('ada'));
    expect(selectInboxQuery(store.getState())).toBe('');
    await vi.waitFor(() => expect(selectInboxQuery(store.getState())).toBe('ada'));
    stop();
    store.dispatch(inboxSearchEdited('bob'));
    await new Promise((r) => setTimeout(r, 400));
    expect(selectInboxQuery(store.getState())).toBe('ada');
  });

  it('keeps a draft per conversation, through a failed send; clears only what was sent', () => {
    let s = reduce([replyDraftEdited({ conversationId: 'c1', text: 'Hello' }), replyDraftEdited({ conversationId: 'c2', text: 'Other' }), replySendStarted({ conversationId: 'c1' })]);
    expect(s.sendingReplyFor).toBe('c1');
    // A second send while one is on its way is not started.
    s = staffSlice.reducer(s, replySendStarted({ conversationId: 'c2' }));
    expect(s.sendingReplyFor).toBe('c1');
    const failed = staffSlice.reducer(s, replySendFailed({ conversationId: 'c1' }));
    expect(failed).toMatchObject({ sendingReplyFor: null, drafts: { c1: 'Hello', c2: 'Other' } });
    const sent = staffSlice.reducer(s, replyDelivered({ conversationId: 'c1', body: 'Hello' }));
    expect(sent).toMatchObject({ sendingReplyFor: null, drafts: { c2: 'Other' } });
    // Typed on meanwhile: kept.
    const typedOn = staffSlice.reducer(staffSlice.reducer(s, replyDraftEdited({ conversationId: 'c1', text: 'Hello again' })), replyDelivered({ conversationId: 'c1', body: 'Hello' }));
    expect(typedOn.drafts.c1).toBe('Hello again');
  });

  it('board edits wait until applied', () => {
    const s = reduce([boardFilterEdited({ field: 'q', value: 'dragon' }), boardFilterEdited({ field: 'from', value: '2026-01-01' })]);
    expect(s.boardEdits).toEqual({ q: 'dragon', from: '2026-01-01' });
    expect(staffSlice.reducer(s, boardFiltersApplied()).boardEdits).toEqual({});
  });

  it('an order form survives a failed save and is cleared by a saved one; a refund waits for its confirmation', () => {
    const store = makeStore();
    store.dispatch(orderFormEdited({ orderId: 'o1', status: 'Delivered' }));
    store.dispatch(orderFormEdited({ orderId: 'o1', tracking: '1Z9' }));
    expect(selectOrderForm(store.getState(), 'o1')).toEqual({ status: 'Delivered', tracking: '1Z9' });
    store.dispatch(refundConfirmAsked({ orderId: 'o1', status: 'Refunded' }));
    expect(selectRefundConfirm(store.getState())).toEqual({ orderId: 'o1', status: 'Refunded' });
    store.dispatch(orderUpdateStarted({ orderId: 'o1' }));
    expect(selectRefundConfirm(store.getState())).toBeNull();
    expect(selectUpdatingOrder(store.getState())).toBe('o1');
    store.dispatch(orderUpdateFailed({ orderId: 'o1' }));
    expect(selectUpdatingOrder(store.getState())).toBeNull();
    expect(selectOrderForm(store.getState(), 'o1')).toEqual({ status: 'Delivered', tracking: '1Z9' });
    store.dispatch(orderUpdateSaved({ orderId: 'o1' }));
    expect(selectOrderForm(store.getState(), 'o1')).toEqual({ status: '', tracking: '' });
  });

  it('a logout forgets everything staff typed', () => {
    const store = makeStore();
    store.dispatch(replyDraftEdited({ conversationId: 'c1', text: 'Hi' }));
    store.dispatch(boardFilterEdited({ field: 'q', value: 'x' }));
    store.dispatch(loggedOut());
    expect(selectReplyDraft(store.getState(), 'c1')).toBe('');
    expect(selectBoardEdits(store.getState())).toEqual({});
    expect(selectSendingReplyFor(store.getState())).toBeNull();
  });
});

describe('shared rules the console relies on', () => {
  it('Enter sends, Shift+Enter and an IME’s Enter do not (both chats)', () => {
    expect(isSendKeystroke({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKeystroke({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKeystroke({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKeystroke({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('staff land on /staff, which wins over a shopper’s stored target; a console target is kept', () => {
    expect(landingPath('staff', '/cart')).toBe('/staff');
    expect(landingPath('staff', null)).toBe('/staff');
    expect(landingPath('staff', '/staff/orders/abc?x=1')).toBe('/staff/orders/abc?x=1');
    expect(landingPath('staff', '/staffroom')).toBe('/staff');
    expect(landingPath('shopper', '/cart')).toBe('/cart');
    expect(landingPath('shopper', null)).toBe('/');
    // A console page stored by a staff logout on a shared browser is no shopper's landing.
    expect(landingPath('shopper', '/staff/orders')).toBe('/');
    expect(landingPath(null, '//evil.example')).toBe('/');
  });
});
