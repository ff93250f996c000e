import { formatMoney, toDollars } from '../../src/domain/money';
import type { Address } from '../../src/domain/types';
import { escapeHtml as e } from '../lib/mailer';
import type { OrderRow, StoredOrderItem } from '../repositories/orders';
import type { CardField, CardForm } from './cards';
import { variantLabel } from './email';

/**
 * The built-in hosted checkout page (/pay/<session>): plain server-rendered HTML and our own
 * stylesheet, no script at all (the CSP is script-src 'self'; a form POST works without JS).
 */

const money = (cents: number) => formatMoney(toDollars(cents));

const LOGO = `<svg class="logo-mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
<rect x="6" y="27" width="28" height="7" rx="3.5" fill="#0F7C74"/><rect x="9" y="19" width="22" height="7" rx="3.5" fill="#F4B53F"/>
<rect x="12" y="11" width="16" height="7" rx="3.5" fill="#C4411D"/><circle cx="20" cy="6.5" r="3" fill="#8F6ED5"/></svg>`;

function shell(title: string, shopName: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)} · ${e(shopName)}</title>
<meta name="theme-color" content="#C4411D">
<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Crect x='4' y='25' width='32' height='9' rx='4.5' fill='%230F7C74'/%3E%3Crect x='8' y='15.5' width='24' height='9' rx='4.5' fill='%23F4B53F'/%3E%3Crect x='12' y='6' width='16' height='9' rx='4.5' fill='%23E4572E'/%3E%3C/svg%3E">
<link rel="preload" href="/pay/assets/fonts/nunito.woff2" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="/pay/assets/pay.css">
</head>
<body>
${body}
</body>
</html>`;
}

export interface PayPageInput {
  shopName: string;
  sessionId: string;
  order: OrderRow;
  cancelUrl: string;
  /** Values typed so far (re-shown after an error; never the CVC). */
  values?: Partial<CardForm>;
  errors?: Partial<Record<CardField, string>>;
  /** A message for the whole form (declined). */
  alert?: string;
}

function lineHtml(i: StoredOrderItem): string {
  const variant = variantLabel(i);
  const img = i.image ? `<img src="${e(i.image)}" alt="" width="56" height="56" loading="lazy">` : '<span class="thumb-empty" aria-hidden="true"></span>';
  return `<li class="line">
  <span class="thumb">${img}${i.quantity > 1 ? `<span class="qty-badge" aria-hidden="true">${i.quantity}</span>` : ''}</span>
  <span class="line-text"><span class="line-name">${e(i.name)}</span>
  <span class="line-meta">${variant ? `${e(variant)} · ` : ''}Qty ${i.quantity}${i.quantity > 1 ? ` · ${e(money(i.unitPriceCents))} each` : ''}</span></span>
  <span class="line-total">${e(money(i.lineTotalCents))}</span>
</li>`;
}

function field(name: CardField, label: string, input: string, errors: PayPageInput['errors']): string {
  const err = errors?.[name];
  return `<div class="field${err ? ' has-error' : ''}">
  <label for="${name}">${e(label)}</label>
  ${input}
  ${err ? `<p class="field-error" id="${name}-error">${e(err)}</p>` : ''}
</div>`;
}

function attrs(name: CardField, errors: PayPageInput['errors']): string {
  return errors?.[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
}

/** The checkout page: order summary on one side, the card form on the other (stacked on phones). */
export function renderPayPage(p: PayPageInput): string {
  const { order } = p;
  const items = order.items as unknown as StoredOrderItem[];
  const address = order.address as unknown as Address;
  const v = p.values ?? {};
  const errors = p.errors;
  const totals = [
    `<div class="row"><span>Subtotal</span><span>${e(money(order.subtotalCents))}</span></div>`,
    `<div class="row"><span>Delivery</span><span>${order.shippingCents === 0 ? 'Free' : e(money(order.shippingCents))}</span></div>`,
    order.discountCents > 0
      ? `<div class="row discount"><span>Discount${order.discountCode ? ` <span class="code">${e(order.discountCode)}</span>` : ''}</span><span>−${e(money(order.discountCents))}</span></div>`
      : '',
    `<div class="row total"><span>Total due</span><span>${e(money(order.amountCents))}</span></div>`,
  ].join('\n');

  const alert = p.alert
    ? `<div class="alert" role="alert"><strong>Payment failed.</strong> ${e(p.alert)}</div>`
    : errors && Object.keys(errors).length
      ? `<div class="alert" role="alert">Please check the highlighted card details.</div>`
      : '';

  const body = `<div class="page">
<header class="topbar">
  <form class="back-form" method="post" action="/pay/${e(encodeURIComponent(p.sessionId))}/cancel"><button type="submit" class="back"><span aria-hidden="true">←</span> Back to ${e(p.shopName)}<span class="visually-hidden"> (cancels this payment)</span></button></form>
  <span class="test-badge">Test mode</span>
</header>
<main class="layout">
  <section class="summary" aria-labelledby="summary-title">
    <div class="brand">${LOGO}<span class="shop">${e(p.shopName)}</span></div>
    <h1 id="summary-title" class="pay-title">Pay ${e(p.shopName)}</h1>
    <p class="amount" data-testid="amount-due">${e(money(order.amountCents))}</p>
    <ul class="lines" aria-label="Order items">
${items.map(lineHtml).join('\n')}
    </ul>
    <div class="totals">
${totals}
    </div>
    <p class="ship-to"><span class="label">Ship to</span> ${e(`${address.firstName} ${address.lastName}, ${address.street}, ${address.city}, ${address.state} ${address.zipcode}`)}</p>
  </section>
  <section class="payment" aria-labelledby="payment-title">
    <h2 id="payment-title">Pay with card</h2>
    <div class="test-note">
      <strong>This is a test checkout.</strong> No real card is charged. Pay with <span class="mono">4242 4242 4242 4242</span>, any future date and any CVC. <span class="mono">4000 0000 0000 0002</span> is always declined.
    </div>
    ${alert}
    <form method="post" action="/pay/${e(encodeURIComponent(p.sessionId))}" novalidate>
      <div class="field">
        <span class="label-like">Email</span>
        <p class="static">${e(address.email)}</p>
      </div>
      ${field('number', 'Card number', `<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" value="${e(v.number ?? '')}"${attrs('number', errors)} required>`, errors)}
      <div class="two">
        ${field('expiry', 'Expiration (MM / YY)', `<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" value="${e(v.expiry ?? '')}"${attrs('expiry', errors)} required>`, errors)}
        ${field('cvc', 'CVC', `<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"${attrs('cvc', errors)} required>`, errors)}
      </div>
      ${field('name', 'Name on card', `<input id="name" name="name" autocomplete="cc-name" placeholder="Full name" maxlength="100" value="${e(v.name ?? '')}"${attrs('name', errors)} required>`, errors)}
      <button type="submit" class="pay-button">Pay ${e(money(order.amountCents))}</button>
      <p class="cancel-line"><button type="submit" formaction="/pay/${e(encodeURIComponent(p.sessionId))}/cancel" formnovalidate>Cancel payment</button></p>
    </form>
    <p class="secure"><svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 7V5a4 4 0 118 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 10-4 0v2z" fill="currentColor"/></svg> Secure checkout hosted by ${e(p.shopName)}</p>
  </section>
</main>
</div>`;
  return shell(`Pay ${money(order.amountCents)}`, p.shopName, body);
}

/** A page for a link that cannot be paid (unknown, expired or cancelled session). */
export function renderClosedPage(p: { shopName: string; title: string; message: string; backUrl: string; backLabel: string }): string {
  return shell(
    p.title,
    p.shopName,
    `<div class="page"><main class="closed">
  <div class="brand">${LOGO}<span class="shop">${e(p.shopName)}</span></div>
  <h1>${e(p.title)}</h1>
  <p>${e(p.message)}</p>
  <a class="pay-button as-link" href="${e(p.backUrl)}">${e(p.backLabel)}</a>
</main></div>`,
  );
}
