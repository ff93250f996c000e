import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../server/db/schema';
import { EmailOutbox, OUTBOX_LEASE_MS } from '../../../server/lib/emailOutbox';
import type { MailMessage, Mailer } from '../../../server/lib/mailer';
import { CONFIRMATION_EMAIL } from '../../../server/payments/checkout';
import { ADDRESS, mailsAbout, makeShopper, openSession, orderRow, payForm, TP, type Line, useShopApp } from '../checkout-helpers';
import { insertOrder, makeStaff } from '../chat-helpers';

/**
 * Order e-mails are written to email_outbox in the transaction of the change
 * they announce and delivered from there — at least once, once per order and kind, one attempt
 * at a time across instances — to the account's address only.
 */
const ctx = useShopApp();

const LINES: Line[] = [{ productId: TP.plain, color: '|', quantity: 2 }];

/** A mailer that records what it sends, and can fail or hold a send until released. */
function recordingMailer(opts: { fail?: () => boolean; hold?: Promise<void>; entered?: () => void } = {}): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(m) {
      opts.entered?.();
      if (opts.hold) await opts.hold;
      if (opts.fail?.()) throw new Error('SMTP 451 try again later');
      sent.push(m);
    },
    async close() {},
  };
}

const rowsOf = (orderId: string) => ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));

describe('the confirmation e-mail goes through the outbox', () => {
  it('is queued with the payment, to the account address (not the delivery form one), and sent once', async () => {
    const a = await makeShopper(ctx.app);
    const s = await openSession(ctx.app, a.token, LINES, 50, { address: { ...ADDRESS, email: 'someone.else@example.org' } });
    await payForm(ctx.app, s.sessionId);
    const [row] = await rowsOf(s.orderId);
    expect(row).toMatchObject({ kind: CONFIRMATION_EMAIL, toAddress: a.email, attempts: 1 });
    expect(row!.sentAt).not.toBeNull();
    const mails = mailsAbout(ctx.t.dataDir, s.orderId);
    expect(mails.map((m) => m.to)).toEqual([a.email]);
    // The typed address is kept with the order for staff, and never mailed.
    expect((await orderRow(ctx.app, s.orderId)).address).toMatchObject({ email: 'someone.else@example.org' });
  });

  it('survives a mail server failure: the order is paid, the e-mail is retried until it goes out', async () => {
    let down = true;
    const mailer = recordingMailer({ fail: () => down });
    let clock = Date.now();
    const outbox = new EmailOutbox(ctx.app.db, mailer, ctx.app.log, () => clock);
    const order = await insertOrder(ctx.app, (await makeShopper(ctx.app)).id, { status: 'Payment Pending' });
    await ctx.app.orders.markPaid(order.id, 'cs_outbox_retry', { then: (tx, o) => outbox.enqueue(tx, o, CONFIRMATION_EMAIL, (to) => ({ to, subject: `paid ${o.id}`, text: 't', html: 'h' })) });
    expect((await orderRow(ctx.app, order.id)).status).toBe('Order Placed');

    expect(await outbox.deliverDue({ orderId: order.id })).toBe(0);
    let [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'SMTP 451 try again later' });
    // Not due again before its back-off.
    expect(await outbox.deliverDue({ orderId: order.id })).toBe(0);
    expect((await rowsOf(order.id))[0]!.attempts).toBe(1);

    down = false;
    clock += 31_000;
    expect(await outbox.deliverDue({ orderId: order.id })).toBe(1);
    [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row!.sentAt).not.toBeNull();
    expect(mailer.sent).toHaveLength(1);
    clock += 3_600_000;
    expect(await outbox.deliverDue({ orderId: order.id })).toBe(0);
  });

  it('is written in the transaction of the change: no change, no e-mail; no e-mail row, no change', async () => {
    const outbox = new EmailOutbox(ctx.app.db, recordingMailer(), ctx.app.log);
    const a = await makeShopper(ctx.app);
    const order = await insertOrder(ctx.app, a.id, { status: 'Payment Pending' });
    const failing = await ctx.app.orders
      .markPaid(order.id, 'cs_outbox_tx', {
        then: async (tx, o) => {
          await outbox.enqueue(tx, o, CONFIRMATION_EMAIL, (to) => ({ to, subject: 's', text: 't', html: 'h' }));
          throw new Error('crash after queuing');
        },
      })
      .catch((err: Error) => err.message);
    expect(failing).toBe('crash after queuing');
    expect((await orderRow(ctx.app, order.id)).status).toBe('Payment Pending');
    expect(await rowsOf(order.id)).toEqual([]);
  });

  it('keeps one row per order and kind however often it is queued', async () => {
    const outbox = new EmailOutbox(ctx.app.db, recordingMailer(), ctx.app.log);
    const order = await insertOrder(ctx.app, (await makeShopper(ctx.app)).id);
    const render = (to: string) => ({ to, subject: 's', text: 't', html: 'h' });
    const results = await Promise.all([1, 2, 3].map(() => ctx.app.db.transaction((tx) => outbox.enqueue(tx, order, CONFIRMATION_EMAIL, render))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ctx.app.db.transaction((tx) => outbox.enqueue(tx, order, 'delivered', render))).toBe(true);
    expect((await rowsOf(order.id)).map((r) => r.kind).sort()).toEqual([CONFIRMATION_EMAIL, 'delivered']);
  });

  it('lets one instance at a time attempt a row; another takes over only when the lease ran out', async () => {
    const order = await insertOrder(ctx.app, (await makeShopper(ctx.app)).id);
    const writer = new EmailOutbox(ctx.app.db, recordingMailer(), ctx.app.log);
    await ctx.app.db.transaction((tx) => writer.enqueue(tx, order, CONFIRMATION_EMAIL, (to) => ({ to, subject: 's', text: 't', html: 'h' })));

    let release!: () => void;
    let entered!: () => void;
    const inSend = new Promise<void>((r) => (entered = r));
    const first = recordingMailer({ hold: new Promise<void>((r) => (release = r)), entered });
    const second = recordingMailer();
    let clock = Date.now();
    const a = new EmailOutbox(ctx.app.db, first, ctx.app.log, () => clock);
    const b = new EmailOutbox(ctx.app.db, second, ctx.app.log, () => clock);

    const sending = a.deliverDue({ orderId: order.id });
    await inSend;
    // Instance b finds the row claimed by a: nothing to do, nothing sent.
    expect(await b.deliverDue({ orderId: order.id })).toBe(0);
    expect(second.sent).toHaveLength(0);
    // a hangs past its lease (as if it died): b may take the row over — at least once.
    clock += OUTBOX_LEASE_MS + 1;
    expect(await b.deliverDue({ orderId: order.id })).toBe(1);
    release();
    expect(await sending).toBe(1);
    expect(first.sent).toHaveLength(1);
    expect(second.sent).toHaveLength(1);
  });

  it('staff order e-mails go through the outbox too, to the account address', async () => {
    const staff = await makeStaff(ctx.app);
    const a = await makeShopper(ctx.app);
    const order = await insertOrder(ctx.app, a.id, { status: 'Processing' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/staff/order-status', payload: { orderId: order.id, trackingNumber: '1ZOUTBOX1' }, headers: { token: staff.token } });
    expect(res.json()).toMatchObject({ success: true, emailed: true });
    const rows = await rowsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'tracking:1ZOUTBOX1', toAddress: a.email });
    expect(rows[0]!.sentAt).not.toBeNull();
  });
});
