import { describe, expect, it } from 'vitest';
import {
  chatClosed,
  chatOpened,
  chatSlice,
  draftChanged,
  initialChatState,
  messageSendFailed,
  messageSendStarted,
  type ChatState,
} from '../../../src/features/chat/chatSlice';
import { loggedOut } from '../../../src/store/events';

type Action = Parameters<typeof chatSlice.reducer>[1];
const run = (actions: Action[], from: ChatState = initialChatState) => actions.reduce(chatSlice.reducer, from);

describe('chat slice', () => {
  it('closed → open → closed; the draft survives closing', () => {
    let s = run([chatOpened()]);
    expect(s.status).toBe('open');
    s = run([draftChanged('Where is my dragon?'), chatClosed()], s);
    expect(s).toEqual({ status: 'closed', draft: 'Where is my dragon?' });
  });

  it('empties the draft when it is sent; a failure brings it back unless something new was typed', () => {
    const typed = run([chatOpened(), draftChanged('  hello  ')]);
    const sending = run([messageSendStarted({ body: 'hello' })], typed);
    expect(sending.draft).toBe('');
    expect(run([messageSendFailed({ body: 'hello' })], sending).draft).toBe('hello');
    expect(run([draftChanged('second'), messageSendFailed({ body: 'hello' })], sending).draft).toBe('second');
  });

  it('resets at logout', () => {
    expect(run([chatOpened(), draftChanged('x'), loggedOut()])).toEqual(initialChatState);
  });
});
