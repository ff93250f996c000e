/**
 * Corrupt or foreign data in local storage: the app starts, keeps what is valid, drops
 * what is not — and says so once (a warning toast), not on every later start.
 */
import type { Storage } from 'redux-persist';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachToastOutlet } from '../../../src/features/ui/toastOutlet';
import { PERSIST_KEY, RESTORE_NOTICE } from '../../../src/store/persist';
import { startPersistence } from '../../../src/store/persistence';
import { makeStore } from '../../../src/store/store';
import { memoryStorage, persistedValue } from '../../utils/memoryStorage';

const shown: string[] = [];
let detach = () => {};
beforeEach(() => {
  detach = attachToastOutlet((message) => shown.push(message));
});
afterEach(() => {
  detach();
  shown.length = 0;
});

const KEY = `persist:${PERSIST_KEY}`;
const persist = { version: 1, rehydrated: true };

/** Starts a store on `storage` like main.tsx does; resolves after rehydration and the write-back. */
async function start(storage: Storage) {
  const store = makeStore();
  await startPersistence(store, { storage });
  // redux-persist writes the rehydrated state back on its next tick.
  await new Promise((r) => setTimeout(r, 50));
  return store;
}

describe('restoring local storage', () => {
  it('keeps the valid entries, drops bad JSON and wrong types, and says so once', async () => {
    const storage = memoryStorage({
      [KEY]: persistedValue({
        cart: { items: { 'p1_Red|M': 2, 'p2_Red|M': 'lots', bad: 1, 'p3_|': -4 }, rev: 1, pending: [] },
        saved: '{"items": {"p4_|": 1',
        wishlist: { ids: ['p1', 42, { evil: true }] },
        session: 'not an object',
        _persist: persist,
      }),
    });
    const first = await start(storage);
    expect(first.getState().cart.items).toEqual({ 'p1_Red|M': 2 });
    expect(first.getState().wishlist.ids).toEqual(['p1']);
    expect(first.getState().session.token).toBeNull();
    expect(shown.filter((m) => m === RESTORE_NOTICE)).toHaveLength(1);

    // The cleaned state was written back: the next start finds nothing to drop and says nothing.
    shown.length = 0;
    const second = await start(storage);
    expect(second.getState().cart.items).toEqual({ 'p1_Red|M': 2 });
    expect(shown).not.toContain(RESTORE_NOTICE);
  });

  it('an unreadable root starts empty and says so; valid or legacy data says nothing', async () => {
    await start(memoryStorage({ [KEY]: '{not json' }));
    expect(shown).toEqual([RESTORE_NOTICE]);
    shown.length = 0;

    await start(memoryStorage({ [KEY]: persistedValue({ cart: { items: { 'p1_Red|M': 2 }, rev: 0, pending: [] }, _persist: persist }) }));
    // The legacy (version 0) layout migrates without loss.
    const legacy = await start(memoryStorage({ [KEY]: persistedValue({ cartItems: { p9: { 'Blue|L': 3 } }, wishlist: ['p9'], _persist: { version: 0, rehydrated: true } }) }));
    expect(legacy.getState().cart.items).toEqual({ 'p9_Blue|L': 3 });
    expect(shown).not.toContain(RESTORE_NOTICE);
  });
});
