// @vitest-environment jsdom
// (It reads the window: storage events, localStorage.)
import { addListener } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lineAdded } from '../../../src/features/cart/cartSlice';
import { connectBrowserEvents, STORAGE_KEY } from '../../../src/store/crossTab';
import { connectionRestored } from '../../../src/store/events';
import { selectUserProfile } from '../../../src/features/session/sessionSelectors';
import { startPersistence } from '../../../src/store/persistence';
import { makeStore } from '../../../src/store/store';
import { memoryStorage } from '../../utils/memoryStorage';
import { mswServer } from '../../utils/msw';

/** A store as main.tsx has it once the page is interactive: persistence started, then other tabs listened to. */
async function startedStore() {
  const store = makeStore();
  await startPersistence(store, { storage: memoryStorage() });
  return store;
}

/** What another tab's redux-persist writes. */
function written(slices: Record<string, unknown>): string {
  return JSON.stringify(
    Object.fromEntries(Object.entries({ ...slices, _persist: { version: 1, rehydrated: true } }).map(([k, v]) => [k, JSON.stringify(v)])),
  );
}

function otherTabWrote(slices: Record<string, unknown>) {
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: written(slices) }));
}

let disconnect: () => void = () => undefined;
afterEach(() => disconnect());

describe('several tabs', () => {
  it("adopts another tab's newer lists without a reload, but never an older copy over newer lines", async () => {
    const store = await startedStore();
    disconnect = connectBrowserEvents(store);
    otherTabWrote({ cart: { items: { 'a_|': 1, b_bundle: 1 }, rev: 2, pending: [] }, saved: { items: { 's_|': 1 }, rev: 1 }, wishlist: { ids: ['w'], rev: 1 }, session: { token: null } });
    await vi.waitFor(() => expect(store.getState().cart.items).toEqual({ 'a_|': 1, b_bundle: 1 }));
    expect(store.getState().saved.items).toEqual({ 's_|': 1 });
    expect(store.getState().wishlist.ids).toEqual(['w']);

    store.dispatch(lineAdded({ itemId: 'c', variant: '|', quantity: 1 })); // this tab: rev 3
    otherTabWrote({ cart: { items: { 'a_|': 1 }, rev: 2, pending: [] } }); // a stale copy
    await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().cart.items).toEqual({ 'a_|': 1, b_bundle: 1, 'c_|': 1 });
  });

  it('follows a login and a logout made in another tab, without merging again', async () => {
    const calls: string[] = [];
    mswServer.use(
      http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Ada', email: 'ada@example.com' } })),
      http.post('*/api/cart/get', () => {
        calls.push('cart/get');
        return HttpResponse.json({ success: true, cartData: {} });
      }),
    );
    const store = await startedStore();
    disconnect = connectBrowserEvents(store);
    otherTabWrote({ cart: { items: { 'm_|': 2 }, rev: 5, pending: [] }, session: { token: 'tok' } });
    await vi.waitFor(() => expect(store.getState().session).toMatchObject({ status: 'authenticated', token: 'tok' }));
    await vi.waitFor(() => expect(selectUserProfile(store.getState())).toMatchObject({ name: 'Ada' }));
    expect(store.getState().cart.items).toEqual({ 'm_|': 2 });
    expect(calls).toEqual([]);

    otherTabWrote({ cart: { items: {}, rev: 6, pending: [] }, session: { token: null } });
    await vi.waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    expect(store.getState().cart.items).toEqual({});
  });

  it('ignores other keys and unreadable values, and reports the online event', async () => {
    const store = makeStore({ cart: { items: { 'k_|': 1 } } });
    const events: string[] = [];
    store.dispatch(addListener({ actionCreator: connectionRestored, effect: (a) => void events.push(a.type) }));
    disconnect = connectBrowserEvents(store);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: '{}' }));
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: '}{ not json' }));
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(store.getState().cart.items).toEqual({ 'k_|': 1 });
    expect(events).toEqual(['app/connectionRestored']);
  });
});
