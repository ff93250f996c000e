import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { addressBlock, type BundleContent, type OrderNote, type PackingSlip, type SlipLine, type TimelineEntry } from '../../src/domain/fulfilment';
import { formatOrderNumber } from '../../src/domain/orderNumber';
import { formatCents } from '../../src/domain/money';
import type { Address, OrderStatus } from '../../src/domain/types';
import type { Db } from '../db/client';
import { auditLog, emailOutbox, orderEvents, orderNotes, orderRefunds, orderTags, orders, users } from '../db/schema';
import type { AuditActor, AuditRepository } from './audit';
import { bundleContents } from './bundleContents';
import type { OrderRow, StoredOrderItem } from './orders';

/** A staff member as a note's author. */
export interface NoteAuthor extends AuditActor {
  name: string;
}


/** At most this many orders match a note or tag search (the board pages through them with its other matches). */
const NOTE_TAG_MATCH_LIMIT = 500;
const TAG_SUGGESTIONS = 20;

/** Who made an order event, in words (the console's actorLabel says the same). */
function actorWords(kind: string, name: string | null, email: string | null): string {
  switch (kind) {
    case 'staff':
      return name ? `${name} (staff)` : (email ?? 'Staff');
    case 'shopper':
      return name ? `${name} (shopper)` : 'The shopper';
    case 'provider':
      return 'The payment provider';
    case 'expiry':
      return 'Payment window expired';
    default:
      return 'The system';
  }
}

/** A line's options in words, as a packer reads them: 'Red · Size M', 'Accessory for Dragon', 'Bundle'. */
function lineOptions(item: StoredOrderItem): string {
  if (item.kind === 'bundle') return 'Bundle';
  if (item.kind === 'accessory') return item.parentName ? `Accessory for ${item.parentName}` : 'Accessory';
  const [color = '', size = ''] = item.variant.split('|');
  const part = (v: string) => (v && v.toLowerCase() !== 'null' ? v : '');
  return [part(color), part(size) ? `Size ${part(size)}` : ''].filter(Boolean).join(' · ');
}

/**
 * Orders whose notes hold every word of `tsQuery` (word prefixes) or which carry a tag starting with
 * `q` ('#gift' or 'gift' finds 'gift-wrap'); the board adds them to its other matches.
 */
export async function ordersNotedOrTagged(db: Db, q: string, tsQuery: string | null): Promise<string[]> {
  const tag = q.trim().toLowerCase().replace(/^#/, '').replace(/\s+/g, '-');
  const [byTag, byNote] = await Promise.all([
    tag
      ? db
          .selectDistinct({ id: orderTags.orderId })
          .from(orderTags)
          .where(sql`${orderTags.tag} like ${`${tag.replace(/[\\%_]/g, '\\$&')}%`}`)
          .limit(NOTE_TAG_MATCH_LIMIT)
      : Promise.resolve([]),
    tsQuery
      ? db
          .selectDistinct({ id: orderNotes.orderId })
          .from(orderNotes)
          .where(sql`to_tsvector('simple'::regconfig, ${orderNotes.body}) @@ to_tsquery('simple', ${tsQuery})`)
          .limit(NOTE_TAG_MATCH_LIMIT)
      : Promise.resolve([]),
  ]);
  return [...new Set([...byTag, ...byNote].map((r) => r.id))].slice(0, NOTE_TAG_MATCH_LIMIT);
}

/** The tags of each order of `ids` (a board page), alphabetical. */
export async function tagsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await db.select({ orderId: orderTags.orderId, tag: orderTags.tag }).from(orderTags).where(inArray(orderTags.orderId, ids)).orderBy(asc(orderTags.tag));
  for (const r of rows) out.set(r.orderId, [...(out.get(r.orderId) ?? []), r.tag]);
  return out;
}

/**
 * Fulfilment's SQL: staff notes and tags on orders (each change audited in its own transaction),
 * the order's timeline read from every table that records something about it, packing slips and
 * the orders a note or tag search finds.
 */
export class FulfilmentRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
  ) {}

  async exists(orderId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    return !!row;
  }

  async notes(orderId: string): Promise<OrderNote[]> {
    const rows = await this.db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
    return rows.map((r) => ({ _id: r.id, body: r.body, author: { _id: r.authorId, name: r.authorName, email: r.authorEmail }, createdAt: r.createdAt.toISOString() }));
  }

  async addNote(orderId: string, author: NoteAuthor, body: string): Promise<OrderNote> {
    const id = randomBytes(12).toString('hex');
    const row = await this.db.transaction(async (tx) => {
      const [saved] = await tx.insert(orderNotes).values({ id, orderId, authorId: author.id, authorName: author.name, authorEmail: author.email, body }).returning();
      // The note's text stays in its table: the audit says that one was written, and by whom.
      await this.audit.record(tx, { entity: 'order', entityId: orderId, action: 'note added', actor: author, changes: { note: { from: null, to: id } } });
      return saved!;
    });
    return { _id: row.id, body: row.body, author: { _id: row.authorId, name: row.authorName, email: row.authorEmail }, createdAt: row.createdAt.toISOString() };
  }

  async tags(orderId: string): Promise<string[]> {
    const rows = await this.db.select({ tag: orderTags.tag }).from(orderTags).where(eq(orderTags.orderId, orderId)).orderBy(asc(orderTags.tag));
    return rows.map((r) => r.tag);
  }

  /** Adds a tag (normalised by the caller); false when the order had it already. */
  async addTag(orderId: string, tag: string, actor: AuditActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const added = await tx.insert(orderTags).values({ orderId, tag, createdBy: actor.id }).onConflictDoNothing().returning({ tag: orderTags.tag });
      if (added.length) await this.audit.record(tx, { entity: 'order', entityId: orderId, action: 'tag added', actor, changes: { tag: { from: null, to: tag } } });
      return added.length > 0;
    });
  }

  /** Removes a tag; false when the order did not have it. */
  async removeTag(orderId: string, tag: string, actor: AuditActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const removed = await tx.delete(orderTags).where(and(eq(orderTags.orderId, orderId), eq(orderTags.tag, tag))).returning({ tag: orderTags.tag });
      if (removed.length) await this.audit.record(tx, { entity: 'order', entityId: orderId, action: 'tag removed', actor, changes: { tag: { from: tag, to: null } } });
      return removed.length > 0;
    });
  }

  /** The most used tags (starting with `prefix` when given), for the tag field's suggestions. */
  async tagSuggestions(prefix: string): Promise<string[]> {
    const p = prefix.trim().toLowerCase();
    const rows = await this.db
      .select({ tag: orderTags.tag })
      .from(orderTags)
      .where(p ? sql`${orderTags.tag} like ${`${p.replace(/[\\%_]/g, '\\$&')}%`}` : undefined)
      .groupBy(orderTags.tag)
      .orderBy(sql`count(*) desc`, asc(orderTags.tag))
      .limit(TAG_SUGGESTIONS);
    return rows.map((r) => r.tag);
  }

  /** For each bundle line of `items` (by index), the products inside it: the copy kept with the order, else the bundle's products now. */
  async bundleContents(items: StoredOrderItem[]): Promise<Record<number, BundleContent[]>> {
    const lines = items.map((item, index) => ({ item, index })).filter(({ item }) => item.kind === 'bundle');
    const out: Record<number, BundleContent[]> = {};
    const toLookUp = lines.filter(({ item, index }) => {
      if (Array.isArray(item.contents)) out[index] = item.contents;
      return !Array.isArray(item.contents);
    });
    if (toLookUp.length === 0) return out;
    const now = await bundleContents(this.db, toLookUp.map(({ item }) => item.productId));
    for (const { item, index } of toLookUp) out[index] = now.get(item.productId) ?? [];
    return out;
  }

  /** Everything that happened to an order, oldest first, worded for people. */
  async timeline(order: OrderRow): Promise<TimelineEntry[]> {
    const id = order.id;
    const [events, mails, refunds, notes, tagAudits] = await Promise.all([
      this.db
        .select({ e: orderEvents, name: users.name, email: users.email })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorId))
        .where(eq(orderEvents.orderId, id))
        .orderBy(asc(orderEvents.id)),
      this.db
        .select({ id: emailOutbox.id, kind: emailOutbox.kind, to: emailOutbox.toAddress, subject: emailOutbox.subject, createdAt: emailOutbox.createdAt, sentAt: emailOutbox.sentAt, gaveUpAt: emailOutbox.gaveUpAt })
        .from(emailOutbox)
        .where(eq(emailOutbox.orderId, id)),
      this.db
        .select({ r: orderRefunds, name: users.name, email: users.email })
        .from(orderRefunds)
        .leftJoin(users, eq(users.id, orderRefunds.actorId))
        .where(eq(orderRefunds.orderId, id)),
      this.notes(id),
      this.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, id), inArray(auditLog.action, ['tag added', 'tag removed'])))
        .orderBy(desc(auditLog.id)),
    ]);
    const entries: TimelineEntry[] = [];
    for (const { e, name, email } of events) {
      const by = actorWords(e.actorKind, name, email);
      const at = e.createdAt.toISOString();
      const _id = `event-${e.id}`;
      const to = e.toStatus as OrderStatus;
      // A refund's own event (its status kept) is told by the refund's entry below, not as a tracking change.
      if (e.refundId && e.fromStatus === to) continue;
      if (e.fromStatus === null) entries.push({ _id, kind: 'placed', at, title: to === 'Payment Pending' ? 'Order placed (awaiting payment)' : `Order recorded as ${to}`, detail: null, by });
      else if (e.fromStatus === 'Payment Pending' && to === 'Order Placed')
        entries.push({ _id, kind: 'paid', at, title: order.orderNumber ? `Paid: order ${formatOrderNumber(order.orderNumber)}` : 'Paid', detail: `${formatCents(order.amountCents)} by ${order.paymentMethod}`, by });
      else if (e.fromStatus === to) entries.push({ _id, kind: 'tracking', at, title: e.trackingNumber ? `Tracking number ${e.trackingNumber}` : 'Tracking number removed', detail: null, by });
      else entries.push({ _id, kind: 'status', at, title: `${e.fromStatus} → ${to}`, detail: e.trackingNumber ? `Tracking number ${e.trackingNumber}` : null, by });
    }
    for (const m of mails) {
      const state = m.sentAt ? 'sent' : m.gaveUpAt ? 'could not be delivered' : 'waiting to be sent';
      entries.push({ _id: `email-${m.id}`, kind: 'email', at: (m.sentAt ?? m.createdAt).toISOString(), title: `E-mail: ${m.subject}`, detail: `To ${m.to} · ${state}`, by: null });
    }
    for (const { r, name, email } of refunds) {
      entries.push({
        _id: `refund-${r.id}`,
        kind: 'refund',
        at: r.createdAt.toISOString(),
        title: `Refund of ${formatCents(r.amountCents)}`,
        detail: `${r.status} · through ${r.provider}`,
        by: name ? `${name} (staff)` : (email ?? null),
      });
    }
    for (const n of notes) entries.push({ _id: `note-${n._id}`, kind: 'note', at: n.createdAt, title: 'Internal note', detail: n.body, by: `${n.author.name} (staff)` });
    for (const a of tagAudits) {
      const change = (a.changes as { tag?: { from: string | null; to: string | null } }).tag;
      const tag = change?.to ?? change?.from ?? '';
      entries.push({ _id: `audit-${a.id}`, kind: 'tag', at: a.createdAt.toISOString(), title: a.action === 'tag added' ? `Tag added: ${tag}` : `Tag removed: ${tag}`, detail: null, by: a.actorEmail });
    }
    // Oldest first; at the same instant, the order's own events first (placed before its e-mail).
    const rank: Record<TimelineEntry['kind'], number> = { placed: 0, paid: 1, status: 2, tracking: 3, refund: 4, email: 5, note: 6, tag: 7 };
    return entries.sort((a, b) => a.at.localeCompare(b.at) || rank[a.kind] - rank[b.kind]);
  }

  async order(orderId: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    return row ?? null;
  }

  /** Status and number of each order asked (a bulk move's first look). */
  async statuses(ids: string[]): Promise<Map<string, { status: OrderStatus; orderNumber: number | null }>> {
    const rows = ids.length ? await this.db.select({ id: orders.id, status: orders.status, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, ids)) : [];
    return new Map(rows.map((r) => [r.id, { status: r.status, orderNumber: r.orderNumber ?? null }]));
  }

  /** Packing slips for `ids`, in the order asked; no prices on them. */
  async slips(ids: string[]): Promise<{ slips: PackingSlip[]; missing: string[] }> {
    const rows = ids.length ? await this.db.select().from(orders).where(inArray(orders.id, ids)) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const slips: PackingSlip[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const items = row.items as unknown as StoredOrderItem[];
      const contents = await this.bundleContents(items);
      const lines: SlipLine[] = items.map((item, i) => ({
        name: item.name,
        options: lineOptions(item),
        quantity: item.quantity,
        image: item.image,
        contents: contents[i] ?? [],
      }));
      slips.push({ _id: row.id, orderNumber: row.orderNumber ?? null, status: row.status, date: row.createdAt.toISOString(), address: addressBlock(row.address as Partial<Address>), lines });
    }
    return { slips, missing: ids.filter((id) => !byId.has(id)) };
  }
}
