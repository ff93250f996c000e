import { REHYDRATE } from 'redux-persist';
import { baseApi } from '../api/baseApi';
import { connectionRestored } from './events';
import { migrate, PERSIST_KEY, PERSIST_VERSION, tolerantDeserialize, type PersistedSlices } from './persist';
import type { AppStore } from './store';

/** The localStorage key redux-persist writes (`persist:<key>`). */
export const STORAGE_KEY = `persist:${PERSIST_KEY}`;

/** Other tabs' copy, parsed like a start-up read (each slice is its own JSON string), then validated. */
export async function readStoredCopy(text: string): Promise<PersistedSlices | undefined> {
  const outer = tolerantDeserialize(text);
  if (!outer || typeof outer !== 'object') return undefined;
  const inner: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(outer as Record<string, unknown>)) inner[k] = tolerantDeserialize(v);
  const migrated = (await migrate(inner as Parameters<typeof migrate>[0], PERSIST_VERSION)) as (PersistedSlices & { _persist?: unknown }) | undefined;
  if (!migrated) return undefined;
  const { _persist: _ignored, ...slices } = migrated;
  return slices;
}

/**
 * Several tabs: when another tab writes the stored state, this tab rehydrates from it —
 * the same REHYDRATE as at start-up, marked `crossTab` so start-up work (server merges) does not
 * run again. Each list slice keeps its own copy when that copy is newer (its `rev`), so no tab
 * overwrites another's newer lines. The session is taken over only when its token changed (a
 * login or logout in the other tab); the profile is then fetched again by the session feature.
 * Also reports the browser's `online` event, so pending server changes are retried.
 * Returns a function that disconnects both listeners.
 */
export function connectBrowserEvents(store: AppStore, win: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || event.newValue === null) return;
    if (event.storageArea && event.storageArea !== win.localStorage) return;
    void readStoredCopy(event.newValue).then((copy) => {
      if (!copy) return;
      const { session, ...lists } = copy;
      const current = store.getState().session;
      const payload: PersistedSlices = { ...lists };
      const sessionChanged = !!session && (session.token ?? null) !== (current.token ?? null);
      if (sessionChanged) payload.session = session;
      store.dispatch({ type: REHYDRATE, key: PERSIST_KEY, payload, crossTab: true });
      // Another account (or none): nothing cached for the previous one may be served. (The
      // profile is the session feature's: it asks for it again when a token arrives this way.)
      if (sessionChanged) store.dispatch(baseApi.util.invalidateTags(['Cart', 'Wishlist', 'Order', 'Conversation', 'Message', 'Unread', 'Discount']));
    });
  };
  const onOnline = () => store.dispatch(connectionRestored());
  win.addEventListener('storage', onStorage);
  win.addEventListener('online', onOnline);
  return () => {
    win.removeEventListener('storage', onStorage);
    win.removeEventListener('online', onOnline);
  };
}
