/**
 * Control characters and text-direction overrides are refused everywhere text is stored (issue 25,
 * finding 11): delivery-address fields (shown raw on the card page and to staff), staff account
 * names, shoppers' names, chat messages and catalog text. A control character drives a terminal
 * when staff read the text in the CLI; U+202E and its siblings make a name or a message read
 * differently from what it holds.
 */
import { describe, expect, it } from 'vitest';
import { checkAddress } from '../../../src/domain/address';
import { makeStaff } from '../chat-helpers';
import { ADDRESS, makeShopper, orderBody, postJson, TP, useShopApp } from '../checkout-helpers';

const CONTROL = ['\u0001', '\u001b[31m', '\u007f', '\u0085', '\u009b'];
const BIDI = ['\u202e', '\u202a', '\u202d', '\u2066', '\u2067', '\u2068', '\u2069'];
const UNSAFE = [...CONTROL, ...BIDI];

const ctx = useShopApp();

describe('the delivery address', () => {
  const fields = ['firstName', 'lastName', 'email', 'street', 'city'] as const;

  it('checkAddress refuses them in every text field, newline and tab allowed only in the delivery note', () => {
    for (const bad of UNSAFE) {
      for (const field of fields) {
        const value = field === 'email' ? `ada${bad}@example.com` : `Ada${bad}Lovelace`;
        const r = checkAddress({ ...ADDRESS, [field]: value });
        expect(r.ok, `${field} ${JSON.stringify(bad)}`).toBe(false);
        if (!r.ok) expect(r.errors[field]).toBeDefined();
      }
      const note = checkAddress({ ...ADDRESS, description: `Leave it${bad} at the door` });
      expect(note.ok, JSON.stringify(bad)).toBe(false);
    }
    expect(checkAddress({ ...ADDRESS, firstName: 'Ada\nX' }).ok).toBe(false);
    expect(checkAddress({ ...ADDRESS, firstName: 'Zoë', lastName: 'O’Brien-Łukasz 李', description: 'Ring twice\n\tthen wait' }).ok).toBe(true);
  });

  it('POST /api/order/stripe answers 400 naming the field, and stores no order', async () => {
    const a = await makeShopper(ctx.app);
    for (const bad of ['\u001b[2J', '\u202e']) {
      const res = await postJson(ctx.app, '/api/order/stripe', orderBody([{ productId: TP.plain, color: '|', quantity: 1 }], 30, { address: { ...ADDRESS, street: `12 Analytical${bad} Way` } }), a.token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Invalid delivery address: street: Please remove control characters and text-direction marks');
    }
    const orders = await postJson(ctx.app, '/api/order/userorders', {}, a.token);
    expect(orders.json().orders).toEqual([]);
  });
});

describe('names and messages', () => {
  it('a shopper name with a bidi override is refused at sign-up', async () => {
    for (const bad of BIDI) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { name: `Eve${bad}llivE`, email: `bidi.${Date.now().toString(36)}.${BIDI.indexOf(bad)}@example.com`, password: 'long enough 1' },
        remoteAddress: `10.25.11.${BIDI.indexOf(bad) + 1}`,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe('Invalid request: Name must not contain control characters or text-direction overrides');
    }
  });

  it('a staff account name with a control character or a bidi override is refused', async () => {
    const staff = await makeStaff(ctx.app);
    for (const bad of UNSAFE) {
      const res = await postJson(ctx.app, '/api/staff/accounts', { email: `acct.${Date.now().toString(36)}@example.com`, name: `Mallory${bad}`, password: 'long enough 1' }, staff.token);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe('Invalid staff account: Name must not contain control characters or text-direction overrides');
    }
    const ok = await postJson(ctx.app, '/api/staff/accounts', { email: `acct.ok.${Date.now().toString(36)}@example.com`, name: 'Zoë Łukasz', password: 'long enough 1' }, staff.token);
    expect([200, 201], ok.body).toContain(ok.statusCode);
  });

  it('a chat message with a bidi override is refused, from a shopper and from staff', async () => {
    const shopper = await makeShopper(ctx.app, 'Bidi');
    const staff = await makeStaff(ctx.app);
    const conv = (await ctx.app.inject({ url: '/api/conversations/general', headers: { token: shopper.token } })).json().conversation;
    for (const bad of BIDI) {
      const mine = await postJson(ctx.app, '/api/messages', { conversationId: conv._id, body: `pay to ${bad}321 tnuocca` }, shopper.token);
      expect(mine.statusCode, JSON.stringify(bad)).toBe(400);
      const reply = await postJson(ctx.app, '/api/staff/reply', { email: shopper.email, text: `refund ${bad}00.001$` }, staff.token);
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a catalog product name or description with one is refused by the staff editor', async () => {
    const staff = await makeStaff(ctx.app);
    const product = { name: 'Dragon', description: 'A dragon', price: 10, mainCategory: 'Widgets', subCategory: 'Home_Gadgets' };
    for (const bad of ['\u001b]8;;http://evil.example\u0007', '\u202e']) {
      const byName = await postJson(ctx.app, '/api/staff/products', { ...product, name: `Dragon${bad}` }, staff.token);
      expect(byName.statusCode, byName.body).toBe(400);
      expect(byName.json().fields).toMatchObject({ name: 'must not contain control characters or text-direction overrides' });
      const byText = await postJson(ctx.app, '/api/staff/products', { ...product, description: `A dragon${bad}` }, staff.token);
      expect(byText.statusCode, byText.body).toBe(400);
    }
    const fine = await postJson(ctx.app, '/api/staff/products', { ...product, description: 'Two lines\n\tand a tab' }, staff.token);
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
