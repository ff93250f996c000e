import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../server/db/schema';
import type { StoredOrderItem } from '../../server/repositories/orders';
import { insertOrder, ITEMS } from './chat-helpers';
import { makeShopper, postJson, TP } from './checkout-helpers';
import { useStaffApp } from './staff/staff-helpers';

const ctx = useStaffApp({ catalog: true });

const deliver = (orderId: string) => postJson(ctx.app, '/api/staff/order-status', { orderId, status: 'Delivered' }, ctx.staff.token);
const invitesTo = async (orderId: string) => ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
const linksIn = (text: string) => [...text.matchAll(/(https?:\/\/\S+\/review\?token=(\S+))/g)].map((m) => decodeURIComponent(m[2]!));

describe('the review invitation after delivery', () => {
  it('e-mails the buyer once, with a signed link per product received (a bundle’s products too) that opens its review form', async () => {
    const buyer = await makeShopper(ctx.app, 'Delia');
    const order = await insertOrder(ctx.app, buyer.id, { status: 'Processing' });
    expect((await deliver(order.id)).statusCode).toBe(200);

    const rows = (await invitesTo(order.id)).filter((r) => r.kind === 'review-invite');
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail).toMatchObject({ dedupeKey: `${order.id}:review-invite`, toAddress: buyer.email, subject: `How are your prints from order #${order.orderNumber}? Tell other shoppers` });
    // Delivered from the outbox with the delivery e-mail.
    expect(mail!.sentAt).not.toBeNull();
    expect(mail!.text).toContain('Test Sale Figure: ');
    expect(mail!.text).toContain('Test Plain Widget: ');
    expect(mail!.html).toContain('Write a review');

    const tokens = linksIn(mail!.text);
    expect(tokens).toHaveLength(2);
    const opened = await Promise.all(tokens.map(async (token) => (await ctx.get(`/api/reviews/invite?token=${encodeURIComponent(token)}`)).json()));
    expect(opened).toEqual([
      { success: true, productId: TP.sale },
      { success: true, productId: TP.plain },
    ]);
    // Each link says who it was for: the signed invitation names the buyer.
    expect(await ctx.app.reviewInvites.verify(tokens[0]!)).toEqual({ userId: buyer.id, productId: TP.sale });
  });

  it('sends nothing when the order holds nothing to review, and nothing before Delivered', async () => {
    const buyer = await makeShopper(ctx.app, 'Acey');
    const accessory: StoredOrderItem = { ...ITEMS[0]!, productId: TP.accessory, variant: 'accessory-0', kind: 'accessory', name: 'Stand' };
    const onlyAccessory = await insertOrder(ctx.app, buyer.id, { status: 'Processing', items: [accessory] });
    expect((await deliver(onlyAccessory.id)).statusCode).toBe(200);
    expect((await invitesTo(onlyAccessory.id)).map((r) => r.kind)).toEqual(['delivered']);

    const processing = await insertOrder(ctx.app, buyer.id, { status: 'Order Placed' });
    expect((await postJson(ctx.app, '/api/staff/order-status', { orderId: processing.id, status: 'Processing' }, ctx.staff.token)).statusCode).toBe(200);
    expect((await invitesTo(processing.id)).some((r) => r.kind === 'review-invite')).toBe(false);
  });

  it('names the one product in the subject when the order held one', async () => {
    const buyer = await makeShopper(ctx.app, 'Uno');
    const order = await insertOrder(ctx.app, buyer.id, { status: 'Processing', items: [ITEMS[0]!] });
    await deliver(order.id);
    const [mail] = (await invitesTo(order.id)).filter((r) => r.kind === 'review-invite');
    expect(mail!.subject).toBe('How is your Test Sale Figure? Tell other shoppers');
    expect(linksIn(mail!.text)).toHaveLength(1);
  });
});
