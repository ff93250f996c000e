/**
 * Issue 17 item 12: control characters other than newline and tab are refused on input in account
 * names and chat messages (shopper and staff), with a clear message; newline and tab still pass.
 */
import { describe, expect, it } from 'vitest';
import type { ConversationResponse } from '../../../src/domain/types';
import { makeStaff } from '../chat-helpers';
import { makeShopper, postJson, useShopApp } from '../checkout-helpers';

const ctx = useShopApp({ catalog: false });

/** ESC sequences (clear screen, OSC 8 link, OSC 52 clipboard), BEL, backspace, CR, DEL and C1 CSI. */
const HOSTILE = ['\u001b[2J', '\u001b]8;;https://evil.example\u0007x\u001b]8;;\u0007', '\u001b]52;c;cm0gLXJmIH4=\u0007', '\u0007', '\b', '\r', '\u007f', '\u009b31m', '\u0000'];

let seq = 0;
const register = (name: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { name, email: `ctl.${Date.now().toString(36)}.${++seq}@example.com`, password: 'long enough 1' },
    remoteAddress: `10.12.0.${(seq % 250) + 1}`,
  });

describe('names', () => {
  it('refuses control characters in a name, newline and tab included, with a clear message', async () => {
    for (const bad of [...HOSTILE, '\n', '\t']) {
      const res = await register(`Eve${bad}Smith`);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      const message = res.json().message as string;
      expect(message, JSON.stringify(bad)).toMatch(bad === '\u0000' ? /NUL/ : /^Invalid request: Name must not contain control characters or text-direction overrides$/);
    }
    const ok = await register('Zoë O’Brien-Łukasz 李');
    expect(ok.statusCode).toBe(200);
  });
});

describe('chat messages', () => {
  it('refuses control characters other than newline and tab, from shoppers and staff alike', async () => {
    const shopper = await makeShopper(ctx.app, 'Chatty');
    const staff = await makeStaff(ctx.app);
    const conv = ((await ctx.app.inject({ url: '/api/conversations/general', headers: { token: shopper.token } })).json() as ConversationResponse).conversation;
    for (const bad of HOSTILE.filter((c) => c !== '\u0000')) {
      const mine = await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body: `hello ${bad} there` }, shopper.token);
      expect(mine.statusCode, JSON.stringify(bad)).toBe(400);
      expect(mine.json()).toEqual({ success: false, message: 'Invalid message: Message must not contain control characters or text-direction overrides (line breaks and tabs are fine)' });
      const reply = await postJson(ctx.app, '/api/staff/reply', { email: shopper.email, text: `hello ${bad} there` }, staff.token);
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
      expect(reply.json().message).toMatch(/Message must not contain control characters/);
    }
    const multiline = await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body: 'line one\n\tline two' }, shopper.token);
    expect(multiline.statusCode).toBe(200);
    expect(multiline.json().message.body).toBe('line one\n\tline two');
  });
});
