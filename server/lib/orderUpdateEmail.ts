import type { Address } from '../../src/domain/types';
import { orderNameForEmail } from '../payments/email';
import type { OrderRow } from '../repositories/orders';
import { emailPage, escapeHtml, type MailMessage } from './mailer';

/**
 * The e-mail a shopper gets when staff set a tracking number or mark the order Delivered
 *. Sent to the account's address, like every order e-mail.
 */
export function orderUpdateEmail(
  order: OrderRow,
  change: { trackingAdded: boolean; delivered: boolean },
  shop: { name: string; url: string },
  accountEmail: string,
): MailMessage {
  const address = order.address as unknown as Partial<Address>;
  const name = orderNameForEmail(order);
  const greeting = address.firstName ? `Hi ${address.firstName},` : 'Hello,';
  const subject = change.delivered ? `Your ${shop.name} order ${name} was delivered` : `Your ${shop.name} order ${name} is on its way`;
  const lead = change.delivered
    ? `Your order ${name} has been delivered. We hope you love it!`
    : `Good news: your order ${name} has shipped.`;
  const tracking = order.trackingNumber ? `Tracking number: ${order.trackingNumber}` : '';
  const text = [greeting, '', lead, ...(tracking ? ['', tracking] : []), '', `Order reference: ${order.id}`, `You can follow your orders at ${shop.url}/orders.`, '', `— ${shop.name}`].join('\n');
  const e = escapeHtml;
  const html = emailPage(shop.name, `<p>${e(greeting)}</p>
<p>${e(lead)}</p>
${tracking ? `<p style="font-size:16px"><strong>${e(tracking)}</strong></p>` : ''}
<p>You can follow your orders on <a href="${e(shop.url)}/orders" style="color:#0F7C74">My Orders</a>.</p>
<p>— ${e(shop.name)}</p>`);
  return { to: accountEmail, subject, text, html };
}

/** The outbox kind of an update e-mail: one 'delivered' e-mail per order, one per tracking number. */
export function orderUpdateKind(change: { delivered: boolean }, trackingNumber: string | null): string {
  return change.delivered ? 'delivered' : `tracking:${trackingNumber ?? ''}`;
}
