import { createMigrate, createTransform, type MigrationManifest, type PersistConfig, type PersistedState, type Storage } from 'redux-persist';
// Not 'redux-persist/lib/storage': that one breaks the Vite build at run time (STACK.md).
import defaultStorage from 'redux-persist/es/storage';
import { MAX_LINE_QUANTITY, parseVariant, splitCartKey } from '../domain/cartKey';
import type { CartData } from '../domain/types';
import type { PendingChange } from '../features/cart';
import { cleanReviewDrafts, storedDraftCount } from '../features/reviews';
import type { ReviewDraft } from '../domain/reviews';
import { initialSessionState, type SessionState } from '../features/session';
import { safeRedirectPath } from '../features/session';
import { PERSIST_KEY } from './persistKey';

export { PERSIST_KEY };

/**
 * What survives a reload (SPEC §4 "Local persistence", STYLE rule 9): only client-owned data —
 * cart, saved-for-later, guest wishlist and the session token (with a guest's redirect-after-login
 * target), and review drafts. Never the RTK Query cache, never the user's profile (it
 * is re-fetched with the token).
 */
export const PERSIST_VERSION = 1;
export const PERSISTED_SLICES = ['cart', 'saved', 'wishlist', 'session', 'reviews'] as const;

export interface PersistedSlices {
  /** `rev` orders copies of a slice (the newer tab wins); `pending` are cart changes not yet on the server. */
  cart?: { items: CartData; rev: number; pending: PendingChange[] };
  saved?: { items: CartData; rev: number };
  wishlist?: { ids: string[]; rev: number };
  /** Rebuilt from the token alone: a restored token is `authenticated` until the server says otherwise. */
  session?: SessionState;
  /** Only the drafts: which reviews are shown and the form's state are this page's. */
  reviews?: { drafts: Record<string, ReviewDraft> };
}

const MAX_ID_LENGTH = 100;
const MAX_TOKEN_LENGTH = 4096;
const MAX_WISHLIST = 500;
const MAX_LINES = 500;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function validItemId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH && !/\s/.test(id);
}

/** Keeps well-formed `itemId_variant → 1..99` lines; drops the rest. */
function cleanLines(raw: unknown): CartData {
  const out: CartData = {};
  if (!isRecord(raw)) return out;
  let kept = 0;
  for (const [key, qty] of Object.entries(raw)) {
    if (kept >= MAX_LINES) break;
    const parts = splitCartKey(key);
    if (!parts || !validItemId(parts.itemId) || !parseVariant(parts.variant)) continue;
    if (typeof qty !== 'number' || !Number.isFinite(qty)) continue;
    const q = Math.min(MAX_LINE_QUANTITY, Math.floor(qty));
    if (q < 1) continue;
    out[key] = q;
    kept += 1;
  }
  return out;
}

function cleanIds(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const ids: string[] = [];
  for (const id of raw) {
    // The server may answer objects with _id (SPEC §3); accept that shape here as well.
    const value = isRecord(id) ? id._id : id;
    if (validItemId(value) && !ids.includes(value)) ids.push(value);
    if (ids.length >= MAX_WISHLIST) break;
  }
  return ids;
}

function cleanRev(raw: unknown): number {
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : 0;
}

/** Queued cart changes: well-formed ids and keys, adds of 1..99; anything else is dropped. */
function cleanPending(raw: unknown): PendingChange[] {
  if (!Array.isArray(raw)) return [];
  const out: PendingChange[] = [];
  for (const c of raw) {
    if (out.length >= MAX_LINES) break;
    if (!isRecord(c) || typeof c.id !== 'string' || !c.id || c.id.length > MAX_ID_LENGTH || typeof c.key !== 'string') continue;
    const parts = splitCartKey(c.key);
    if (!parts || !validItemId(parts.itemId) || !parseVariant(parts.variant)) continue;
    if (c.kind === 'set') out.push({ id: c.id, key: c.key, kind: 'set' });
    else if (c.kind === 'add' && typeof c.quantity === 'number' && Number.isInteger(c.quantity) && c.quantity >= 1 && c.quantity <= MAX_LINE_QUANTITY) {
      out.push({ id: c.id, key: c.key, kind: 'add', quantity: c.quantity });
    }
  }
  return out;
}

function cleanToken(raw: unknown): string | null {
  return typeof raw === 'string' && raw.trim().length > 0 && raw.length <= MAX_TOKEN_LENGTH ? raw.trim() : null;
}

/**
 * Validates a stored state of the current version: unknown slices are dropped, malformed
 * entries inside a slice are dropped, and a slice that is not even an object is left out
 * (so its initial state stays). Never throws.
 */
export function sanitizePersisted(state: unknown): (PersistedSlices & PersistedState) | undefined {
  if (!isRecord(state)) return undefined;
  const out: PersistedSlices = {};
  if (isRecord(state.cart)) out.cart = { items: cleanLines(state.cart.items), rev: cleanRev(state.cart.rev), pending: cleanPending(state.cart.pending) };
  if (isRecord(state.saved)) out.saved = { items: cleanLines(state.saved.items), rev: cleanRev(state.saved.rev) };
  if (isRecord(state.wishlist)) out.wishlist = { ids: cleanIds(state.wishlist.ids), rev: cleanRev(state.wishlist.rev) };
  if (isRecord(state.session)) {
    const token = cleanToken(state.session.token);
    // A guest on the way through /login keeps where they were going across a reload.
    const redirectAfterLogin = token ? null : safeRedirectPath(state.session.redirectAfterLogin);
    const role = token && (state.session.role === 'staff' || state.session.role === 'shopper') ? state.session.role : null;
    out.session = { ...initialSessionState, status: token ? 'authenticated' : 'anonymous', token, redirectAfterLogin, role };
  }
  if (isRecord(state.reviews)) out.reviews = { drafts: cleanReviewDrafts(state.reviews.drafts) };
  return { ...out, _persist: { version: PERSIST_VERSION, rehydrated: false } };
}

/** Flattens the legacy nested shape `{ itemId: { variant: qty } }` into `itemId_variant` keys. */
function flattenNested(raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isRecord(raw)) return out;
  for (const [itemId, variants] of Object.entries(raw)) {
    if (!isRecord(variants)) continue;
    for (const [variant, qty] of Object.entries(variants)) out[`${itemId}_${variant}`] = qty;
  }
  return out;
}

/**
 * Version history of the stored shape:
 * - 0 (or unversioned): the legacy storefront's layout — top-level `cartItems` and `savedItems`
 *   nested as `{ itemId: { variant: qty } }`, `wishlist` as a bare id array, `token` a string.
 * - 1: one key per slice — `cart.items`, `saved.items` (flat `itemId_variant` maps),
 *   `wishlist.ids`, `session.token`.
 */
export const migrations: MigrationManifest = {
  1: (state) => {
    const s = (isRecord(state) ? state : {}) as Record<string, unknown>;
    const migrated = {
      cart: { items: isRecord(s.cart) ? s.cart.items : flattenNested(s.cartItems) },
      saved: { items: isRecord(s.saved) ? s.saved.items : flattenNested(s.savedItems) },
      wishlist: { ids: isRecord(s.wishlist) ? s.wishlist.ids : s.wishlist },
      session: { token: isRecord(s.session) ? s.session.token : s.token },
      _persist: s._persist,
    };
    return migrated as unknown as PersistedState;
  },
};

const runMigrations = createMigrate(migrations, { debug: false });

/** What the shopper is told, once, when stored data had to be dropped (bad JSON, wrong types). */
export const RESTORE_NOTICE = 'Some data saved in this browser could not be read and was removed. Everything else was kept.';

/** Restored states that lost entries, with how many (keyed by the object `migrate` returned). */
const droppedOnRestore = new WeakMap<object, number>();
export function droppedEntriesOf(restored: unknown): number {
  return restored && typeof restored === 'object' ? (droppedOnRestore.get(restored) ?? 0) : 0;
}

/**
 * Whether a REHYDRATE action lost stored data: entries dropped by `migrate` (its payload is the
 * object `migrate` returned), or a stored root that was not even JSON (`err`). The listener in
 * features/ui/toasts.ts then shows RESTORE_NOTICE; the cleaned state is written back right after
 * rehydration, so the notice appears once.
 */
export function restoreLostData(rehydrate: { payload?: unknown; err?: unknown }): boolean {
  return Boolean(rehydrate.err) || droppedEntriesOf(rehydrate.payload) > 0;
}

/** Entries a stored state holds: cart and saved lines, queued cart changes, wishlist ids, a token; a slice of the wrong type counts one. */
function entriesIn(state: unknown): number {
  if (!isRecord(state)) return 0;
  const n = (v: unknown) => (Array.isArray(v) ? v.length : isRecord(v) ? Object.keys(v).length : v === undefined || v === null ? 0 : 1);
  let total = 0;
  for (const key of PERSISTED_SLICES) {
    const slice = state[key];
    if (slice === undefined || slice === null) continue;
    if (!isRecord(slice)) total += 1;
    else if (key === 'cart') total += n(slice.items) + n(slice.pending);
    else if (key === 'saved') total += n(slice.items);
    else if (key === 'wishlist') total += n(slice.ids);
    else if (key === 'reviews') total += storedDraftCount(slice.drafts);
    else total += typeof slice.token === 'string' && slice.token ? 1 : slice.token == null ? 0 : 1;
  }
  return total;
}

function remember(clean: (PersistedSlices & PersistedState) | undefined, raw: unknown, inbound: unknown): PersistedState {
  // redux-persist leaves a slice whose JSON did not parse as a present key with no value.
  const unreadable = isRecord(inbound) ? PERSISTED_SLICES.filter((k) => k in inbound && inbound[k] === undefined).length : 0;
  const dropped = Math.max(0, entriesIn(raw) - entriesIn(clean)) + unreadable;
  if (clean && dropped > 0) droppedOnRestore.set(clean, dropped);
  return clean;
}

/**
 * Runs the version migrations, then validates the result against the current shape. Any failure
 * (bad JSON, a newer or unknown version, wrong types) ends in "keep what is valid", never a crash.
 */
export async function migrate(state: PersistedState, currentVersion: number): Promise<PersistedState> {
  try {
    // Nothing stored. (A stored root that is not JSON never gets here: redux-persist rehydrates
    // with `err` set instead, which the notice listener treats as data lost.)
    if (state === undefined || state === null) return undefined;
    const inbound = (state as { _persist?: { version?: unknown } })._persist?.version;
    // Data written by a newer build: nothing to migrate, keep whatever still validates.
    if (typeof inbound === 'number' && inbound > currentVersion) return remember(sanitizePersisted(state), state, state);
    const migrated = await runMigrations(state, currentVersion);
    return remember(sanitizePersisted(migrated), migrated, state);
  } catch {
    return undefined;
  }
}

/** JSON.parse that yields undefined instead of throwing, so one corrupt slice does not lose the others. */
export function tolerantDeserialize(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** On the way into storage the session keeps only its token, and a guest's redirect-after-login target. */
const sessionTokenOnly = createTransform<{ token?: string | null; redirectAfterLogin?: string | null }, { token: string | null; redirectAfterLogin?: string }>(
  (inbound) => ({ token: inbound?.token ?? null, ...(inbound?.redirectAfterLogin ? { redirectAfterLogin: inbound.redirectAfterLogin } : {}) }),
  (outbound) => outbound,
  { whitelist: ['session'] },
);

/** The cart's sync status and quantity drafts are runtime state: stored are the lines, revision and queue. */
const cartWithoutSyncStatus = createTransform<Record<string, unknown>, Record<string, unknown>>(
  (inbound) => {
    const { sync: _sync, quantityDrafts: _drafts, ...rest } = inbound ?? {};
    return rest;
  },
  (outbound) => outbound,
  { whitelist: ['cart'] },
);

/** Of the reviews slice only the drafts are stored. */
const reviewDraftsOnly = createTransform<{ drafts?: unknown }, { drafts: unknown }>(
  (inbound) => ({ drafts: inbound?.drafts ?? {} }),
  (outbound) => outbound,
  { whitelist: ['reviews'] },
);

export function createPersistConfig<S>(storage: Storage = defaultStorage): PersistConfig<S> {
  const config: PersistConfig<S> & { deserialize: (text: unknown) => unknown } = {
    key: PERSIST_KEY,
    version: PERSIST_VERSION,
    storage,
    whitelist: [...PERSISTED_SLICES],
    transforms: [sessionTokenOnly, cartWithoutSyncStatus, reviewDraftsOnly],
    migrate,
    // Honoured by redux-persist 6's getStoredState though missing from its typings.
    deserialize: tolerantDeserialize,
  };
  return config;
}
