import type { Address, BundleContentItem, OrderStatus } from './types';

/**
 * Fulfilment on the wire and its input rules, shared by the server (server/routes/staffFulfil.ts)
 * and the staff console: an order's timeline, staff notes and tags, packing slips and bulk moves.
 * Notes and tags are staff-only: no shopper answer or e-mail carries them.
 */

export const NOTE_MAX_LENGTH = 2000;
export const TAG_MAX_LENGTH = 30;
export const TAGS_PER_ORDER_MAX = 20;
/** The most orders one bulk action (move, slips, export) takes. */
export const BULK_MAX = 100;

/** A tag as stored: trimmed, lowercase, inner spaces as one dash ('Gift wrap ' → 'gift-wrap'). */
export function normaliseOrderTag(raw: string): string {
  // Far longer than any tag: cut before the pattern reads it (orderTagError still refuses it).
  return raw.slice(0, TAG_MAX_LENGTH * 4).trim().toLowerCase().replace(/\s+/g, '-');
}

/** Why a tag cannot be saved, worded for people; null when it can. */
export function orderTagError(raw: string): string | null {
  if (raw.length > TAG_MAX_LENGTH * 4) return `A tag has at most ${TAG_MAX_LENGTH} characters.`;
  const tag = normaliseOrderTag(raw);
  if (tag === '') return 'Type a tag first.';
  if (tag.length > TAG_MAX_LENGTH) return `A tag has at most ${TAG_MAX_LENGTH} characters.`;
  if (!/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(tag)) return 'A tag uses letters, digits, dashes and underscores, starting with a letter or digit.';
  return null;
}

/** Why a note cannot be saved, worded for people; null when it can. */
export function orderNoteError(raw: string): string | null {
  const body = raw.trim();
  if (body === '') return 'Write the note first.';
  if (body.length > NOTE_MAX_LENGTH) return `A note has at most ${NOTE_MAX_LENGTH} characters (this one has ${body.length}).`;
  return null;
}

export interface OrderNote {
  _id: string;
  body: string;
  author: { _id: string | null; name: string; email: string };
  createdAt: string;
}

export type TimelineKind = 'placed' | 'paid' | 'status' | 'tracking' | 'email' | 'refund' | 'note' | 'tag';

/** One thing that happened to an order, worded by the server. */
export interface TimelineEntry {
  _id: string;
  kind: TimelineKind;
  at: string;
  /** 'Order placed', 'Order Placed → Processing', 'E-mail sent: Your order has shipped', … */
  title: string;
  /** A second line: a note's text, an e-mail's address and state, a refund's state. */
  detail: string | null;
  /** Who did it, in words ('Ada (staff)', 'The payment provider'); null when nobody in particular. */
  by: string | null;
}

/** GET /api/staff/orders/:id/fulfilment, without `success`: what the order page adds to the order. */
export interface OrderFulfilment {
  notes: OrderNote[];
  tags: string[];
  /** Oldest first. */
  timeline: TimelineEntry[];
  /** For each bundle line (by its index in the order's items), the products inside it. */
  bundleContents: Record<number, BundleContent[]>;
}

/** One product inside a bundle line, as it was when the order was placed. */
export type BundleContent = BundleContentItem;

/** One line of a packing slip: no prices. */
export interface SlipLine {
  name: string;
  /** 'Red · M', 'Accessory for Dragon', 'Bundle'; '' when none. */
  options: string;
  quantity: number;
  image: string;
  contents: BundleContent[];
}

/** A delivery address as people read it: the name, the street and place lines, the phone, the shopper's note. */
export interface AddressBlock {
  name: string;
  lines: string[];
  phone: string;
  note: string;
}

/** The one way an order's address is laid out (the order page, the packing slip, the copy button). */
export function addressBlock(a: Partial<Address>): AddressBlock {
  return {
    name: [a.firstName, a.lastName].filter(Boolean).join(' '),
    lines: [a.street ?? '', [a.city, [a.state, a.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', '), a.country ?? ''].filter(Boolean),
    phone: a.phone ?? '',
    note: a.description ?? '',
  };
}

/** One order's packing slip. */
export interface PackingSlip {
  _id: string;
  orderNumber: number | null;
  status: OrderStatus;
  date: string;
  address: AddressBlock;
  lines: SlipLine[];
}

/** GET /api/staff/slips?ids=…, without `success`: slips in the order asked; ids not found are listed. */
export interface PackingSlips {
  shopName: string;
  slips: PackingSlip[];
  missing: string[];
}

/** One order a bulk move left as it was, and why (in words). */
export interface BulkSkipped {
  _id: string;
  orderNumber: number | null;
  reason: string;
}

/** POST /api/staff/orders/bulk-status, without `success`. */
export interface BulkMoveResult {
  moved: Array<{ _id: string; orderNumber: number | null }>;
  skipped: BulkSkipped[];
}
