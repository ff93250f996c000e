import { formatPhone } from '../../src/domain/address';
import { formatMoney, toDollars } from '../../src/domain/money';
import { formatOrderNumber } from '../../src/domain/orderNumber';
import { shipByDay } from '../../src/domain/madeToOrder';
import type { Address } from '../../src/domain/types';
import { emailPage, escapeHtml, type MailMessage } from '../lib/mailer';
import type { OrderRow, StoredOrderItem } from '../repositories/orders';

/** 'Red · M', 'Accessory for X', 'Bundle deal' — how a line's variant reads in words. */
export function variantLabel(item: Pick<StoredOrderItem, 'kind' | 'variant' | 'parentName'>): string {
  if (item.kind === 'bundle') return 'Bundle deal';
  if (item.kind === 'accessory') return item.parentName ? `Accessory for ${item.parentName}` : 'Accessory';
  const [color = '', size = ''] = item.variant.split('|');
  return [color && color !== 'null' ? color : '', size && size !== 'null' ? `Size ${size}` : ''].filter(Boolean).join(' · ');
}

const money = (cents: number) => formatMoney(toDollars(cents));

/** How an e-mail names an order: its number (#1001), or its long id before it has one. */
export function orderNameForEmail(order: Pick<OrderRow, 'id' | 'orderNumber'>): string {
  return order.orderNumber ? formatOrderNumber(order.orderNumber) : order.id;
}

/**
 * The order confirmation e-mail: order id, lines, totals and the delivery address. It goes
 * to the account's address: the delivery form's e-mail is stored with the order, never mailed, so
 * the shop relays nothing to an address a shopper typed.
 */
export function orderConfirmationEmail(order: OrderRow, shop: { name: string; url: string }, accountEmail: string): MailMessage {
  const address = order.address as unknown as Address;
  const items = order.items as unknown as StoredOrderItem[];
  const lines = items.map((i) => {
    const variant = variantLabel(i);
    return { text: `${i.quantity} × ${i.name}${variant ? ` (${variant})` : ''} — ${money(i.unitPriceCents)} each = ${money(i.lineTotalCents)}`, item: i, variant };
  });
  const addressLines = [
    `${address.firstName} ${address.lastName}`,
    address.street,
    `${address.city}, ${address.state} ${address.zipcode}`,
    address.country,
    `Phone: ${formatPhone(address.phone)}`,
  ];
  const totals: Array<[string, string]> = [
    ['Subtotal', money(order.subtotalCents)],
    ['Delivery fee', order.shippingCents === 0 ? 'Free' : money(order.shippingCents)],
  ];
  if (order.discountCents > 0) totals.push([`Discount${order.discountCode ? ` (${order.discountCode})` : ''}`, `−${money(order.discountCents)}`]);
  totals.push(['Total paid', money(order.amountCents)]);

  const name = orderNameForEmail(order);
  // The date the order was promised when it was paid (the same words as the confirmation page).
  const shipBy = shipByDay(order.shipBy);
  const next = shipBy ? `we print and check your items — your order ships by ${shipBy} — then e-mail you a tracking number.` : 'we print and check your items, then e-mail you a tracking number.';
  const text = [
    `Hi ${address.firstName},`,
    '',
    `Thank you for your order! We have received your payment and your order ${name} is confirmed.`,
    `Order reference: ${order.id}`,
    '',
    'Items:',
    ...lines.map((l) => `  ${l.text}`),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    'Delivery address:',
    ...addressLines.map((l) => `  ${l}`),
    ...(address.description ? ['', `Notes: ${address.description}`] : []),
    '',
    `What happens next: ${next}`,
    `You can follow your order at ${shop.url}/orders.`,
    '',
    `— ${shop.name}`,
  ].join('\n');

  const e = escapeHtml;
  const row = (l: (typeof lines)[number]) =>
    `<tr><td style="padding:8px 0;border-bottom:1px solid #F0E3D3">${l.item.quantity} × <strong>${e(l.item.name)}</strong>${l.variant ? `<br><span style="color:#6B5E66;font-size:13px">${e(l.variant)}</span>` : ''}</td>` +
    `<td style="padding:8px 0;border-bottom:1px solid #F0E3D3;text-align:right;white-space:nowrap">${e(money(l.item.lineTotalCents))}</td></tr>`;
  const html = emailPage(shop.name, `<p>Hi ${e(address.firstName)},</p>
<p>Thank you for your order! We have received your payment and your order <strong>${e(name)}</strong> is confirmed.<br><span style="color:#6B5E66;font-size:13px">Order reference: ${e(order.id)}</span></p>
<table style="width:100%;border-collapse:collapse;margin:16px 0">${lines.map(row).join('')}
${totals.map(([k, v], i) => `<tr><td style="padding:4px 0;${i === totals.length - 1 ? 'font-weight:bold;font-size:16px' : ''}">${e(k)}</td><td style="padding:4px 0;text-align:right;${i === totals.length - 1 ? 'font-weight:bold;font-size:16px' : ''}">${e(v)}</td></tr>`).join('')}
</table>
<h2 style="font-size:16px;margin:16px 0 4px">Delivery address</h2>
<p style="margin:0;line-height:1.5">${addressLines.map(e).join('<br>')}</p>
${address.description ? `<p><em>Notes:</em> ${e(address.description)}</p>` : ''}
<p>${e(next[0].toUpperCase() + next.slice(1))} You can follow your order on <a href="${e(shop.url)}/orders" style="color:#0F7C74">My Orders</a>.</p>
<p>— ${e(shop.name)}</p>`);

  return { to: accountEmail, subject: `Your ${shop.name} order ${name} is confirmed`, text, html };
}
