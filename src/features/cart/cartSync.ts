import { clampQuantity } from '../../domain/cartLines';
import { parseVariant, splitCartKey } from '../../domain/cartKey';
import type { CartData } from '../../domain/types';

/**
 * A local cart change the server has not confirmed yet. An `add` carries its increment and is sent
 * to /api/cart/add with its id as Idempotency-Key (a retry never adds twice); a `set` carries no
 * number: it sends the line's quantity at the moment it is sent to /api/cart/update (0 removes).
 */
export type PendingChange = { id: string; key: string; kind: 'add'; quantity: number } | { id: string; key: string; kind: 'set' };

/**
 * Keys the server can hold: well formed, and not a bundle. Bundle lines stay in the browser (SPEC §7
 * notes): they are never queued, pushed or merged from the server.
 */
export function isServerKey(key: string): boolean {
  const parts = splitCartKey(key);
  if (!parts) return false;
  const v = parseVariant(parts.variant);
  return v !== null && v.kind !== 'bundle';
}

/**
 * Adds changes to the queue, keeping it minimal and order-safe: a `set` makes earlier unsent adds
 * of its line pointless (it sends the final quantity), and while a `set` of a line is queued, any
 * later change of that line is already covered by it.
 */
export function queueChanges(queue: PendingChange[], changes: readonly PendingChange[]): PendingChange[] {
  let out = queue;
  for (const change of changes) {
    if (out.some((c) => c.key === change.key && c.kind === 'set')) continue;
    if (change.kind === 'set') out = out.filter((c) => c.key !== change.key);
    out = [...out, change];
  }
  return out;
}

export interface CartMerge {
  items: CartData;
  /** Local-only lines the server must receive (as adds), bundles excluded. */
  push: { key: string; quantity: number }[];
}

/**
 * Login merge (SPEC §4): the server cart is merged over the local cart. For a key on both sides the
 * server quantity wins; local-only lines stay and are pushed to the server, except bundle lines,
 * which stay local only. Saved-for-later lines are not part of the cart and are not touched.
 */
export function mergeCarts(local: CartData, server: CartData): CartMerge {
  const items: CartData = {};
  const push: CartMerge['push'] = [];
  for (const [key, quantity] of Object.entries(local)) {
    const mine = clampQuantity(quantity);
    const theirs = isServerKey(key) && Object.hasOwn(server, key) ? clampQuantity(server[key]!) : 0;
    if (theirs > 0) {
      items[key] = theirs;
    } else if (mine > 0) {
      items[key] = mine;
      if (isServerKey(key)) push.push({ key, quantity: mine });
    }
  }
  for (const [key, quantity] of Object.entries(server)) {
    const q = clampQuantity(quantity);
    if (!isServerKey(key) || q <= 0 || Object.hasOwn(items, key)) continue;
    items[key] = q;
  }
  return { items, push };
}
