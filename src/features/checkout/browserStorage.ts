import { checkAddress } from '../../domain/address';
import type { Address, OrderRequest } from '../../domain/types';

/**
 * What checkout keeps in the browser, read and written only by checkoutListeners.ts (never by a
 * component or a reducer):
 * - `pendingOrder` (SPEC §3): the order being paid, with its isBuyNow flag, written before the
 *   redirect to the payment page and removed once /verify knows the outcome;
 * - the last delivery address used, to prefill the next checkout (removed at logout).
 */
const PENDING_ORDER_KEY = 'pendingOrder';
const LAST_ADDRESS_KEY = 'layerloft:lastAddress';

export interface PendingOrder extends OrderRequest {
  orderId: string;
  sessionId: string;
  createdAt: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode): checkout still works, it just forgets
  }
}

function readJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota or disabled storage: nothing to do
  }
}

export function savePendingOrder(order: PendingOrder): void {
  write(PENDING_ORDER_KEY, order);
}

/** The stored pending order if it is well-formed enough to use (isBuyNow and sessionId), else null. */
export function readPendingOrder(): PendingOrder | null {
  const v = readJson(PENDING_ORDER_KEY);
  if (!v || typeof v !== 'object') return null;
  const o = v as Partial<PendingOrder>;
  if (typeof o.sessionId !== 'string' || typeof o.isBuyNow !== 'boolean') return null;
  return o as PendingOrder;
}

export function removePendingOrder(): void {
  storage()?.removeItem(PENDING_ORDER_KEY);
}

export function saveLastAddress(address: Address): void {
  write(LAST_ADDRESS_KEY, address);
}

/** The last address if it still passes the address rules, else null. */
export function readLastAddress(): Address | null {
  const v = readJson(LAST_ADDRESS_KEY);
  if (!v || typeof v !== 'object') return null;
  const checked = checkAddress(v as Record<string, unknown>);
  return checked.ok ? checked.address : null;
}

export function removeLastAddress(): void {
  storage()?.removeItem(LAST_ADDRESS_KEY);
}
