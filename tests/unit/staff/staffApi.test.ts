import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../src/domain/types';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { openConversationIdFrom, staffApi, threadMessages } from '../../../src/features/staff/staffApi';
import { AT_RISK_COUNT_ARGS } from '../../../src/features/staff/rules';
import { replyDraftEdited, selectReplyDraft, selectSendingReplyFor } from '../../../src/features/staff/staffSlice';
import { sendReply } from '../../../src/features/staff/staffThunks';
import type { StaffConversation } from '../../../src/features/staff/types';
import { locationChanged, messageReceived } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
let n = 0;
const msg = (conversation: string, over: Partial<Message> = {}): Message => ({
  _id: `m${++n}`,
  body: `message ${n}`,
  sender: { _id: 'u' },
  conversation,
  isAdmin: false,
  createdAt: new Date(Date.UTC(2026, 10, 24, 9, 0, n)).toISOString(),
  ...over,
});
const conv = (id: string, name: string, unread: number, at: string): StaffConversation => ({
  _id: id,
  user: { _id: `u-${id}`, name, email: `${name.toLowerCase()}@example.com` },
  unread,
  messageCount: 1,
  lastMessage: { body: 'hi', isAdmin: false, createdAt: at },
});

let reads: string[];
let listCalls: number;
let replyFails: boolean;

beforeEach(() => {
  reads = [];
  listCalls = 0;
  replyFails = false;
  mswServer.use(
    http.get('*/api/staff/conversations', () => {
      listCalls += 1;
      return HttpResponse.json({ success: true, conversations: [conv(A, 'Ada', 1, '2026-11-24T08:00:00.000Z'), conv(B, 'Bob', 0, '2026-11-24T07:00:00.000Z')] });
    }),
    http.get('*/api/staff/conversations/:id', ({ params }) =>
      HttpResponse.json({ success: true, customer: { _id: 'u-a', name: 'Ada', email: 'ada@example.com' }, conversation: { _id: params.id, user: { _id: 'u-a', name: 'Ada' } }, messages: [], orders: [] }),
    ),
    http.post('*/api/staff/conversations/:id/read', ({ params }) => {
      reads.push(String(params.id));
      return HttpResponse.json({ success: true, conversationId: params.id, marked: 1 });
    }),
    http.post('*/api/staff/reply', async ({ request }) => {
      if (replyFails) return HttpResponse.json({ success: false, message: 'No customer account with the e-mail ada@example.com' }, { status: 404 });
      const body = (await request.json()) as { text: string };
      return HttpResponse.json({ success: true, conversationId: A, message: msg(A, { body: body.text, isAdmin: true }) });
    }),
  );
});

const staffStore = () => makeStore({ session: { ...initialSessionState, status: 'authenticated', token: 'tok' } });
const list = (store: ReturnType<typeof staffStore>) => staffApi.endpoints.getStaffConversations.select('')(store.getState()).data ?? [];
const thread = (store: ReturnType<typeof staffStore>) => {
  const data = staffApi.endpoints.getStaffThread.select(A)(store.getState()).data;
  return data ? threadMessages.getSelectors().selectAll(data.messages).map((m) => m.body) : [];
};
const at = (pathname: string) => locationChanged({ pathname, search: '', hash: '', state: null });

describe('the inbox, live from the staff room', () => {
  it('reads the open conversation from the url', () => {
    expect(openConversationIdFrom(`/staff/inbox/${A}`)).toBe(A);
    expect(openConversationIdFrom('/staff')).toBeNull();
    expect(openConversationIdFrom('/staff/inbox/nope')).toBeNull();
  });

  it('a new message moves its conversation up and counts it unread; an unknown conversation reads the list again', async () => {
    const store = staffStore();
    store.dispatch(staffApi.endpoints.getStaffConversations.initiate(''));
    await vi.waitFor(() => expect(list(store).map((c) => c._id)).toEqual([A, B]));
    store.dispatch(messageReceived(msg(B, { body: 'Where is my parcel?' })));
    expect(list(store).map((c) => [c._id, c.unread, c.lastMessage?.body])).toEqual([
      [B, 1, 'Where is my parcel?'],
      [A, 1, 'hi'],
    ]);
    store.dispatch(messageReceived(msg('c'.repeat(24))));
    await vi.waitFor(() => expect(listCalls).toBe(2));
  });

  it('an open thread takes live messages, marks the shopper’s read, and the list shows it read', async () => {
    const store = staffStore();
    store.dispatch(at(`/staff/inbox/${A}`));
    store.dispatch(staffApi.endpoints.getStaffConversations.initiate(''));
    store.dispatch(staffApi.endpoints.getStaffThread.initiate(A));
    // Reading the thread (the server marks it read) zeroes its count in the list.
    await vi.waitFor(() => expect(list(store).find((c) => c._id === A)?.unread).toBe(0));
    const m = msg(A, { body: 'Thanks!' });
    store.dispatch(messageReceived(m));
    store.dispatch(messageReceived(m));
    expect(thread(store)).toEqual(['Thanks!']);
    expect(list(store).find((c) => c._id === A)?.unread).toBe(0);
    await vi.waitFor(() => expect(reads).toEqual([A]));
  });

  it('a reply lands in the thread once (answer and socket echo) and clears the draft; a failure keeps it', async () => {
    const store = staffStore();
    store.dispatch(staffApi.endpoints.getStaffThread.initiate(A));
    await vi.waitFor(() => expect(staffApi.endpoints.getStaffThread.select(A)(store.getState()).data).toBeDefined());
    store.dispatch(replyDraftEdited({ conversationId: A, text: '  It ships today.  ' }));
    await store.dispatch(sendReply(A, 'ada@example.com'));
    expect(thread(store)).toEqual(['It ships today.']);
    expect(selectReplyDraft(store.getState(), A)).toBe('');
    // The staff room echoes it back: still one.
    const sent = Object.values(staffApi.endpoints.getStaffThread.select(A)(store.getState()).data!.messages.entities)[0]!;
    store.dispatch(messageReceived(sent));
    expect(thread(store)).toEqual(['It ships today.']);

    replyFails = true;
    store.dispatch(replyDraftEdited({ conversationId: A, text: 'Second' }));
    await store.dispatch(sendReply(A, 'ada@example.com'));
    expect(selectReplyDraft(store.getState(), A)).toBe('Second');
    expect(selectSendingReplyFor(store.getState())).toBeNull();
    expect(thread(store)).toEqual(['It ships today.']);
  });
});

describe('the "At risk" view', () => {
  it('is read again when the print queue changes (a job moved, printers or the calendar saved); the other views are not', async () => {
    const asked: string[] = [];
    mswServer.use(
      http.get('*/api/staff/orders/search', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('view') ?? 'orders');
        return HttpResponse.json({ success: true, orders: [], total: asked.length, value: 0, page: 1, pageSize: 1 });
      }),
    );
    const store = staffStore();
    const atRisk = store.dispatch(staffApi.endpoints.searchStaffOrders.initiate({ ...AT_RISK_COUNT_ARGS }));
    const all = store.dispatch(staffApi.endpoints.searchStaffOrders.initiate({ page: 1, pageSize: 1 }));
    await vi.waitFor(() => expect(asked.sort()).toEqual(['atRisk', 'orders']));
    store.dispatch(staffApi.util.invalidateTags(['PrintQueue']));
    await vi.waitFor(() => expect(asked.filter((v) => v === 'atRisk')).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 100));
    expect(asked.filter((v) => v === 'orders')).toHaveLength(1);
    atRisk.unsubscribe();
    all.unsubscribe();
  });
});
