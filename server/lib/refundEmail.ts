import { formatCents } from '../../src/domain/money';
import type { Address } from '../../src/domain/types';
import { orderNameForEmail } from '../payments/email';
import type { OrderRow, StoredOrderItem } from '../repositories/orders';
import { emailPage, escapeHtml, type MailMessage } from './mailer';

/** The outbox kind of a refund e-mail (one per refund: its key is '<orderId>:refund:<refundId>'). */
export const REFUND_EMAIL_KIND = 'refund';

export const refundEmailKey = (orderId: string, refundId: string) => `${orderId}:${REFUND_EMAIL_KIND}:${refundId}`;

/**
 * The e-mail a shopper gets for each refund: how much went back, for what, and what is left of the
 * order. Sent to the account's address, like every order e-mail.
 */
export function refundEmail(
  order: OrderRow,
  refund: { amountCents: number; lines: ReadonlyArray<{ index: number; quantity: number }> },
  shop: { name: string; url: string },
  accountEmail: string,
): MailMessage {
  const address = order.address as unknown as Partial<Address>;
  const items = order.items as unknown as StoredOrderItem[];
  const name = orderNameForEmail(order);
  const greeting = address.firstName ? `Hi ${address.firstName},` : 'Hello,';
  const amount = formatCents(refund.amountCents);
  const full = order.refundedCents >= order.amountCents;
  const lead = full
    ? `We have refunded ${amount} for your order ${name}. The order is now refunded in full.`
    : `We have refunded ${amount} for your order ${name}.`;
  const what = refund.lines.map((l) => `${l.quantity} × ${items[l.index]?.name ?? 'an item'}`);
  const timing = 'It goes back to the card you paid with; depending on your bank it can take 5–10 business days to show.';
  const text = [
    greeting,
    '',
    lead,
    ...(what.length ? ['', 'Refunded items:', ...what.map((w) => `  ${w}`)] : []),
    '',
    timing,
    '',
    `Order reference: ${order.id}`,
    `You can see your orders and their refunds at ${shop.url}/orders.`,
    '',
    `— ${shop.name}`,
  ].join('\n');
  const e = escapeHtml;
  const html = emailPage(shop.name, `<p>${e(greeting)}</p>
<p>${e(lead)}</p>
${what.length ? `<p>Refunded items:</p><ul>${what.map((w) => `<li>${e(w)}</li>`).join('')}</ul>` : ''}
<p>${e(timing)}</p>
<p>You can see your orders and their refunds on <a href="${e(shop.url)}/orders" style="color:#0F7C74">My Orders</a>.</p>
<p>— ${e(shop.name)}</p>`);
  return { to: accountEmail, subject: `Your ${shop.name} refund of ${amount} for order ${name}`, text, html };
}
