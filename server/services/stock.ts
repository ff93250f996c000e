import type { FastifyBaseLogger } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { cartKey, parseVariant } from '../../src/domain/cartKey';
import { bundleOption, STOCK_MESSAGES } from '../../src/domain/stock';
import type { Db, DbOrTx } from '../db/client';
import type { EmailOutbox } from '../lib/emailOutbox';
import { HttpError } from '../lib/errors';
import { emailPage, escapeHtml, type MailMessage } from '../lib/mailer';
import { bumpCatalogVersion } from '../repositories/catalog';
import type { StoredOrderItem } from '../repositories/orders';
import { BelowHeldError, type OptionChange, type OptionStockInput, type Shortage, type StockRepository, type UnitsWanted } from '../repositories/stock';

/** An option as people read it: 'Red, M', 'accessory 1', 'this product' (no options). */
function optionName(variant: string): string {
  const acc = /^accessory-(\d+)$/.exec(variant);
  if (acc) return `accessory ${Number(acc[1]) + 1}`;
  const parts = variant.split('|').filter(Boolean);
  return parts.length ? parts.join(', ') : 'this product';
}

export const BACK_IN_STOCK_EMAIL = 'back-in-stock';

export const STOCK_SERVICE_MESSAGES = {
  productNotFound: 'Product not found',
  notOffered: (why: string) => why,
  stillAvailable: 'This option can be bought now, so there is nothing to wait for.',
  madeToOrder: 'This option is made to order: it never runs out.',
  badLink: 'This link is not valid any more. You will not get e-mails about this option.',
  belowHeld: (variant: string, held: number) =>
    `The stock of ${optionName(variant)} cannot go below ${held}: shoppers are paying for ${held === 1 ? 'that unit' : 'those units'} right now. Set ${held} or more, or try again in 30 minutes. Nothing was saved.`,
} as const;

/** What stock reads of an order line: its product (or bundle) option and how many. */
type OrderLineUnits = Pick<StoredOrderItem, 'productId' | 'variant' | 'quantity'>;

/** A cart line lowered (or removed, quantity 0) because a stocked-only option had fewer free units. */
export interface CartAdjustment {
  key: string;
  quantity: number;
}

/** Checkout asked for more units of a stocked-only option than are free: nothing was held or charged. */
export class StockShortError extends HttpError {
  constructor(
    readonly adjustments: CartAdjustment[],
    message: string,
  ) {
    super(409, message);
  }
}

const UNSUBSCRIBE_AUDIENCE = 'layerloft-back-in-stock';
const ISSUER = 'layerloft';

export interface StockServiceDeps {
  /** For the back-in-stock job's own transaction. */
  db: Db;
  repo: StockRepository;
  outbox: EmailOutbox;
  log: FastifyBaseLogger;
  shop: () => { name: string; url: string };
  secret: string;
  now?: () => number;
}

/**
 * Stock as orders and staff move it: an order's units held when payment starts (shelf first, the
 * rest printed), taken when paid, released when cancelled, expired or failed; units put back by a
 * refund with restock; staff edits; and the "tell me when it's back" e-mails, queued once when
 * staff add stock. Each call runs in its caller's transaction (the order workflow's), so a hold
 * never outlives the move it belongs to.
 */
export class StockService {
  private readonly key: Uint8Array<ArrayBuffer>;
  private readonly now: () => number;

  constructor(private readonly deps: StockServiceDeps) {
    this.key = new TextEncoder().encode(deps.secret);
    this.now = deps.now ?? Date.now;
  }

  /** The options an order's lines hold: a product or accessory line its own, a bundle line one unit of each product. */
  private async unitsOf(tx: DbOrTx | undefined, items: StoredOrderItem[]): Promise<UnitsWanted[]> {
    const bundleIds = [...new Set(items.filter((i) => i.kind === 'bundle').map((i) => i.productId))];
    const { bundles } = await this.deps.repo.catalogRows(tx, [], bundleIds);
    const bundleById = new Map(bundles.map((b) => [b.id, b]));
    const inside = [...new Set(bundles.flatMap((b) => b.productIds))];
    const { products } = await this.deps.repo.catalogRows(tx, inside, []);
    const productById = new Map(products.map((p) => [p.id, p]));
    const wanted: UnitsWanted[] = [];
    items.forEach((item, lineIndex) => {
      if (item.kind !== 'bundle') {
        wanted.push({ lineIndex, productId: item.productId, variant: item.variant, quantity: item.quantity });
        return;
      }
      const bundle = bundleById.get(item.productId);
      if (!bundle) return;
      for (const productId of new Set(bundle.productIds)) {
        wanted.push({ lineIndex, productId, variant: bundleOption(bundle.productOptions, productId, productById.get(productId)), quantity: item.quantity });
      }
    });
    return wanted;
  }

  /**
   * Refuses at once (StockShortError) a cart that a stocked-only option's numbers already cannot
   * cover, read without a lock and before anything is priced or stored: once a shelf is empty,
   * checkouts are told so without queueing on its row. Bundle lines are left to `reserve`.
   * Passing this decides nothing: `reserve` holds the units.
   */
  async refuseShort(lines: OrderLineUnits[]): Promise<void> {
    const wanted = lines.map((l, lineIndex) => ({ lineIndex, productId: l.productId, variant: l.variant, quantity: l.quantity }));
    const shortages = await this.deps.repo.shortagesNow(wanted);
    if (shortages.length > 0) throw this.shortError(lines, wanted, shortages);
  }

  /**
   * Holds an order's units until `expiresAt` (in the transaction that stores the order). When a
   * stocked-only option cannot cover the cart a StockShortError (409) says "Only N left — we
   * updated your cart" and names the lowered lines; the caller's transaction rolls back, so no
   * order, hold or session is left.
   */
  async reserve(tx: DbOrTx, orderId: string, items: StoredOrderItem[], expiresAt: Date): Promise<void> {
    const wanted = await this.unitsOf(tx, items);
    const held = await this.deps.repo.reserve(tx, orderId, wanted, expiresAt);
    if (!held.ok) throw this.shortError(items, wanted, held.shortages);
    await this.changed(tx, held.changes, false);
  }

  private shortError(items: readonly OrderLineUnits[], wanted: UnitsWanted[], shortages: Shortage[]): StockShortError {
    const adjustments: CartAdjustment[] = [];
    for (const s of shortages) {
      // The free units go to the lines in order; a bundle line counts as one unit per bundle.
      let left = s.left;
      for (const w of wanted) {
        if (w.productId !== s.productId || w.variant !== s.variant) continue;
        const item = items[w.lineIndex]!;
        const keep = Math.min(w.quantity, left);
        left -= keep;
        if (keep < item.quantity) adjustments.push({ key: cartKey(item.productId, item.variant), quantity: keep });
      }
    }
    const smallest = Math.min(...shortages.map((s) => s.left));
    return new StockShortError(adjustments, STOCK_MESSAGES.onlyLeft(smallest));
  }

  /** Paid: the held shelf units leave the shelf. Answers the units still to print, per line. */
  async take(tx: DbOrTx, orderId: string): Promise<Array<{ lineIndex: number; productId: string; variant: string; toPrint: number }>> {
    const { changes, toPrint } = await this.deps.repo.settle(tx, orderId, 'taken');
    await this.changed(tx, changes, false);
    return toPrint;
  }

  /** Cancelled, expired or failed: the held shelf units are free again. */
  async release(tx: DbOrTx, orderId: string): Promise<void> {
    const { changes } = await this.deps.repo.settle(tx, orderId, 'released');
    await this.changed(tx, changes, false);
  }

  /**
   * A refund with restock: `quantity` units of each named line go back on the shelf (a bundle
   * line puts back one unit of each product per bundle). Shoppers waiting for an option that
   * comes back are e-mailed.
   */
  async restock(tx: DbOrTx, orderId: string, lines: Array<{ lineIndex: number; quantity: number }>, items?: StoredOrderItem[]): Promise<void> {
    const wanted = await this.unitsOf(tx, items ?? ((await this.deps.repo.orderItems(tx, orderId)) as StoredOrderItem[]));
    const units = lines.flatMap((l) => wanted.filter((w) => w.lineIndex === l.lineIndex).map((w) => ({ productId: w.productId, variant: w.variant, quantity: Math.min(l.quantity, w.quantity) })));
    const changes = await this.deps.repo.addOnHand(tx, units);
    this.deps.log.info({ orderId, units: units.length }, 'units put back on the shelf');
    await this.changed(tx, changes, true);
  }

  /**
   * Staff set a product's options (editor, import): stock that comes back e-mails the shoppers
   * waiting for it. `offered` is every option the product now has. A number below what open
   * payments hold is refused with a 409 that says so.
   */
  async setProductStock(tx: DbOrTx, productId: string, offered: string[], given: OptionStockInput[], fallback?: (variant: string) => OptionStockInput): Promise<void> {
    let changes: OptionChange[];
    try {
      changes = await this.deps.repo.setProductOptions(tx, productId, offered, given, fallback);
    } catch (err) {
      if (err instanceof BelowHeldError) throw new HttpError(409, STOCK_SERVICE_MESSAGES.belowHeld(err.variant, err.held));
      throw err;
    }
    await this.changed(tx, changes, true);
  }

  /**
   * A change of what can be bought reaches every instance's catalog. A shelf that empties or fills
   * changes no catalog data, only the product page's ship-by statements ("In stock — ships
   * tomorrow" becomes "Made to order — ships by …"), which key that page's cached render themselves
   * (server/ssr/render.ts). Stock back e-mails its waiters at once.
   */
  private async changed(tx: DbOrTx, changes: OptionChange[], notify: boolean): Promise<void> {
    const flipped = changes.filter((c) => c.availableBefore !== c.availableAfter);
    if (flipped.length === 0) return;
    await bumpCatalogVersion(tx);
    if (notify) await this.notifyBuyable(tx, flipped.filter((c) => c.availableAfter));
  }

  /**
   * The one place back-in-stock e-mails are sent: every waiting request whose option can be bought
   * now is claimed and its e-mail queued in the outbox, once, in `tx` (or a transaction of its
   * own). Whoever raised the stock: the editor and a refund's restock call it with the options they
   * changed; the job (`server/plugins/stock.ts`, at start and every minute) with none, which catches
   * a catalog import (`npm run seed -- --file`, run beside or before the server), a change made in
   * SQL, and units a lapsed payment gave back. Answers how many e-mails were queued.
   */
  async notifyBuyable(tx?: DbOrTx, only?: Array<{ productId: string; variant: string }>): Promise<number> {
    if (!tx) return this.deps.db.transaction((t) => this.notifyBuyable(t, only));
    const waiting = await this.deps.repo.claimBuyable(tx, only);
    for (const w of waiting) {
      const token = await this.unsubscribeToken(w.id, w.userId);
      await this.deps.outbox.enqueueForAccount(tx, w.userId, BACK_IN_STOCK_EMAIL, `${BACK_IN_STOCK_EMAIL}:${w.id}:${w.createdAt.getTime()}`, (to) =>
        backInStockEmail({ to, productName: w.productName, productId: w.productId, variant: w.variant, shop: this.deps.shop(), token }),
      );
    }
    if (waiting.length > 0) this.deps.log.info({ emails: waiting.length }, 'back-in-stock e-mails queued');
    return waiting.length;
  }

  // ---- back in stock ---------------------------------------------------------------------------

  /**
   * "Tell me when it's back": only for a stocked-only option that cannot be bought now (409s say
   * why otherwise). One request per account and option.
   */
  async requestBackInStock(userId: string, productId: string, variant: string): Promise<void> {
    const rows = await this.deps.repo.forProduct(productId);
    const parsed = parseVariant(variant);
    const option = rows.find((r) => r.variant === variant);
    if (!parsed || parsed.kind === 'bundle' || !option) {
      if (rows.length === 0) throw new HttpError(404, STOCK_SERVICE_MESSAGES.productNotFound);
      throw new HttpError(400, 'This product has no such option');
    }
    if (option.madeToOrder) throw new HttpError(409, STOCK_SERVICE_MESSAGES.madeToOrder);
    if (option.onHand - option.reserved > 0) throw new HttpError(409, STOCK_SERVICE_MESSAGES.stillAvailable);
    await this.deps.repo.requestBackInStock(userId, productId, variant);
  }

  isWaiting(userId: string, productId: string, variant: string): Promise<boolean> {
    return this.deps.repo.isWaiting(userId, productId, variant);
  }

  private async unsubscribeToken(requestId: string, userId: string): Promise<string> {
    return new SignJWT({ rid: requestId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(UNSUBSCRIBE_AUDIENCE)
      .setIssuedAt(Math.floor(this.now() / 1000))
      .sign(this.key);
  }

  /** The e-mail's unsubscribe link: the request is removed (true), or the link is bad or used (false). */
  async unsubscribe(token: string): Promise<boolean> {
    if (token.length > 2048) return false;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: UNSUBSCRIBE_AUDIENCE });
      if (typeof payload.sub !== 'string' || typeof payload.rid !== 'string') return false;
      return await this.deps.repo.removeRequest(payload.rid, payload.sub);
    } catch {
      return false;
    }
  }
}

function backInStockEmail(m: { to: string; productName: string; productId: string; variant: string; shop: { name: string; url: string }; token: string }): MailMessage {
  const link = `${m.shop.url}/product/${m.productId}`;
  const unsubscribe = `${m.shop.url}/api/stock/unsubscribe?token=${encodeURIComponent(m.token)}`;
  const option = m.variant.startsWith('accessory-') ? '' : m.variant.split('|').filter(Boolean).join(', ');
  const what = option ? `${m.productName} (${option})` : m.productName;
  const e = escapeHtml;
  return {
    to: m.to,
    subject: `${m.productName} is back in stock`,
    text: `Good news: ${what} is back in stock at ${m.shop.name}.\n\nGet yours: ${link}\n\nThere are only a few, so they may go quickly.\n\nYou asked us to tell you once. To stop e-mails about this option: ${unsubscribe}\n`,
    html: emailPage(
      m.shop.name,
      `<p>Good news: <strong>${e(what)}</strong> is back in stock at ${e(m.shop.name)}.</p>
<p><a href="${e(link)}" style="color:#0F7C74">Get yours</a> — there are only a few, so they may go quickly.</p>
<p style="color:#6B5E66;font-size:12px">You asked us to tell you once. <a href="${e(unsubscribe)}" style="color:#0F7C74">Stop e-mails about this option</a>.</p>`,
    ),
  };
}
