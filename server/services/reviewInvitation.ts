import type { DbOrTx } from '../db/client';
import type { EmailOutbox } from '../lib/emailOutbox';
import { emailPage, escapeHtml, type MailMessage } from '../lib/mailer';
import type { ReviewInvites } from '../lib/reviewInvites';
import { orderNameForEmail } from '../payments/email';
import type { OrderRow } from '../repositories/orders';
import type { ReviewsRepository } from '../repositories/reviews';

/** The outbox kind of the invitation; its key `<orderId>:review-invite` sends it once per order. */
export const REVIEW_INVITE_KIND = 'review-invite';

/** The client page a signed link opens (src/domain/routes.ts): it opens the product's review form. */
export const reviewLink = (shopUrl: string, token: string) => `${shopUrl}/review?token=${encodeURIComponent(token)}`;

export interface ReviewInvitationDeps {
  reviews: ReviewsRepository;
  invites: ReviewInvites;
  outbox: EmailOutbox;
  shop: () => { name: string; url: string };
}

/**
 * Queues, in the transaction that marks the order Delivered, one e-mail inviting its buyer to
 * review what they received: one signed link per product (a bundle's products each have theirs).
 * Nothing is queued for an order with nothing left to review (accessories only, products deleted).
 */
export function reviewInvitation(deps: ReviewInvitationDeps): (tx: DbOrTx, order: OrderRow) => Promise<boolean> {
  return async (tx, order) => {
    const products = await deps.reviews.reviewableProducts(order.items as { kind?: unknown; productId?: unknown }[], tx);
    if (!products.length) return false;
    const shop = deps.shop();
    const links = await Promise.all(products.map(async (p) => ({ name: p.name, url: reviewLink(shop.url, await deps.invites.create({ userId: order.userId, productId: p.id })) })));
    return deps.outbox.enqueue(tx, order, REVIEW_INVITE_KIND, (accountEmail) => reviewInviteEmail(order, links, shop, accountEmail));
  };
}

/** "How is your …?": each product with its link to the review form; the links work for 60 days. */
export function reviewInviteEmail(order: Pick<OrderRow, 'id' | 'orderNumber' | 'address'>, links: { name: string; url: string }[], shop: { name: string; url: string }, accountEmail: string): MailMessage {
  const firstName = (order.address as { firstName?: unknown } | null)?.firstName;
  const greeting = typeof firstName === 'string' && firstName ? `Hi ${firstName},` : 'Hello,';
  const orderName = orderNameForEmail(order);
  const subject = links.length === 1 ? `How is your ${links[0]!.name}? Tell other shoppers` : `How are your prints from order ${orderName}? Tell other shoppers`;
  const lead = `Your order ${orderName} was delivered. Other shoppers would love to know how ${links.length === 1 ? 'it looks' : 'they look'} in hand: a few stars and a line or two help them choose.`;
  const after = 'Each link opens the review form for that product and works for 60 days; you will be asked to log in before your review is sent. Reviews are published once the shop has read them.';
  const text = [greeting, '', lead, '', ...links.map((l) => `${l.name}: ${l.url}`), '', after, '', `— ${shop.name}`].join('\n');
  const e = escapeHtml;
  const html = emailPage(shop.name, `<p>${e(greeting)}</p>
<p>${e(lead)}</p>
<ul style="padding-left:20px">${links.map((l) => `<li style="margin:8px 0"><strong>${e(l.name)}</strong> — <a href="${e(l.url)}" style="color:#0F7C74">Write a review</a></li>`).join('')}</ul>
<p style="font-size:14px">${e(after)}</p>
<p>— ${e(shop.name)}</p>`);
  return { to: accountEmail, subject, text, html };
}
