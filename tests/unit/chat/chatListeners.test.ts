import { addListener } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../src/domain/types';
import { chatApi } from '../../../src/features/chat/chatApi';
import { chatFeature } from '../../../src/features/chat/chatListeners';
import { selectCanSend, selectChatMessages } from '../../../src/features/chat/chatSelectors';
import { chatOpened, draftChanged, messageSubmitted, selectChatDraft } from '../../../src/features/chat/chatSlice';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { messageReceived, toastRequested } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

const CONV = 'c'.repeat(24);

let calls: { sent: Array<{ conversationId: string; body: string }>; read: number };
let answerSend: (body: { conversationId: string; body: string }) => Promise<Response> | Response;

beforeEach(() => {
  calls = { sent: [], read: 0 };
  answerSend = (body) =>
    HttpResponse.json({ success: true, message: { _id: `sent-${calls.sent.length}`, body: body.body, sender: { _id: 'u1' }, conversation: CONV, isAdmin: false, createdAt: '2026-01-01T12:05:00.000Z' } });
  mswServer.use(
    http.get('*/api/conversations/general', () => HttpResponse.json({ success: true, conversation: { _id: CONV, user: { _id: 'u1', name: 'Ada' } }, messages: [] })),
    http.post('*/api/conversations/general/read', () => {
      calls.read += 1;
      return HttpResponse.json({ success: true, unread: 0, conversationId: CONV });
    }),
    http.post('*/api/messages', async ({ request }) => {
      const body = (await request.json()) as { conversationId: string; body: string };
      calls.sent.push(body);
      return answerSend(body);
    }),
  );
});

async function openChat() {
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', token: 'tok' } });
  store.startFeature(chatFeature);
  const toasts: string[] = [];
  store.dispatch(addListener({ actionCreator: toastRequested, effect: (a) => void toasts.push(a.payload.message) }));
  store.dispatch(chatOpened());
  store.dispatch(chatApi.endpoints.getConversation.initiate());
  await vi.waitFor(() => expect(calls.read).toBe(1)); // what is shown is marked read
  return { store, toasts };
}

describe('sending a message', () => {
  it('sends the trimmed draft, empties it and shows the message once', async () => {
    const { store } = await openChat();
    store.dispatch(draftChanged('  Hello\nthere  '));
    expect(selectCanSend(store.getState())).toBe(true);
    store.dispatch(messageSubmitted());
    expect(selectChatDraft(store.getState())).toBe('');
    await vi.waitFor(() => expect(selectChatMessages(store.getState()).map((m) => m.body)).toEqual(['Hello\nthere']));
    expect(calls.sent).toEqual([{ conversationId: CONV, body: 'Hello\nthere' }]);
  });

  it('sends nothing for a blank draft, and nothing more while one is on its way', async () => {
    const { store } = await openChat();
    store.dispatch(draftChanged('   '));
    store.dispatch(messageSubmitted());
    expect(selectChatDraft(store.getState())).toBe('   ');

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const answer = answerSend;
    answerSend = async (body) => {
      await held;
      return answer(body);
    };
    store.dispatch(draftChanged('first'));
    store.dispatch(messageSubmitted());
    store.dispatch(draftChanged('second'));
    expect(selectCanSend(store.getState())).toBe(false);
    store.dispatch(messageSubmitted());
    expect(selectChatDraft(store.getState())).toBe('second');
    await vi.waitFor(() => expect(calls.sent).toHaveLength(1));
    release();
    await vi.waitFor(() => expect(selectCanSend(store.getState())).toBe(true));
    expect(calls.sent.map((m) => m.body)).toEqual(['first']);
  });

  it("a refused message toasts the server's reason and its text comes back", async () => {
    const { store, toasts } = await openChat();
    answerSend = () => HttpResponse.json({ success: false, message: 'You are sending messages too quickly.' }, { status: 429 });
    store.dispatch(draftChanged('hello'));
    store.dispatch(messageSubmitted());
    await vi.waitFor(() => expect(selectChatDraft(store.getState())).toBe('hello'));
    expect(toasts).toEqual(['You are sending messages too quickly.']);
  });
});

describe('reading', () => {
  it('a staff message arriving while the chat is open is marked read; the shopper\'s own is not', async () => {
    const { store } = await openChat();
    const base: Message = { _id: 'x', body: 'hi', sender: { _id: 'u1' }, conversation: CONV, isAdmin: false, createdAt: '2026-01-01T12:06:00.000Z' };
    store.dispatch(messageReceived({ ...base, _id: 'own' }));
    store.dispatch(messageReceived({ ...base, _id: 'staff', isAdmin: true, sender: { _id: 'staff' } }));
    await vi.waitFor(() => expect(calls.read).toBe(2));
  });
});
