import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { heartClicked } from '../../../src/features/wishlist/wishlistSlice';
import { wishlistApi } from '../../../src/features/wishlist/wishlistApi';
import { selectWishlistIds } from '../../../src/features/wishlist/wishlistSelectors';
import { lineAdded, loggedIn } from '../../../src/store/events';
import { PERSIST_KEY, PERSIST_VERSION } from '../../../src/store/persist';
import { startPersistence } from '../../../src/store/persistence';
import { selectSessionToken } from '../../../src/features/session/sessionSelectors';
import { makeStore } from '../../../src/store/store';
import { memoryStorage, persistedValue } from '../../utils/memoryStorage';
import { mswServer } from '../../utils/msw';

/** A browser's storage holding these saved slices. */
const stored = (slices: Record<string, unknown>) => ({ [`persist:${PERSIST_KEY}`]: persistedValue({ ...slices, _persist: { version: PERSIST_VERSION, rehydrated: true } }) });

/** A page's store: hydrated as a guest, its saved state read back later (main.tsx). */
const pageStore = () => makeStore(undefined, {}, { restoresSavedState: true });

describe('actions taken before the saved state is back (store/savedState.ts)', () => {
  // A restored token or a login reads the profile and syncs the cart: an account with an empty one.
  let pushed: string[] = [];
  beforeEach(() => {
    pushed = [];
    mswServer.use(
      http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Ada', email: 'ada@example.com' } })),
      http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
      http.post('*/api/cart/add', async ({ request }) => {
        pushed.push(((await request.json()) as { itemId: string }).itemId);
        return HttpResponse.json({ success: true });
      }),
    );
  });

  it("sends a heart clicked in that moment to the shopper's account, not to a guest list the saved one then replaces", async () => {
    const added: string[] = [];
    mswServer.use(
      http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: ['a', ...added] })),
      http.post('*/api/wishlist/add', async ({ request }) => {
        await delay(10);
        added.push(((await request.json()) as { productId: string }).productId);
        return HttpResponse.json({ success: true });
      }),
    );
    const store = pageStore();
    store.dispatch(heartClicked({ productId: 'b' }));
    // Held: the store cannot yet tell the shopper from a guest.
    expect(store.getState().wishlist).toEqual({ ids: [], rev: 0 });

    await startPersistence(store, { storage: memoryStorage(stored({ session: { token: 'tok' }, wishlist: { ids: [], rev: 4 } })) });
    await vi.waitFor(() => expect(added).toEqual(['b']));
    // On the account, never on this device's guest list.
    expect(store.getState().wishlist).toEqual({ ids: [], rev: 4 });
    store.dispatch(wishlistApi.endpoints.getWishlist.initiate());
    await vi.waitFor(() => expect(selectWishlistIds(store.getState())).toEqual(['a', 'b']));
  });

  it('adds a line put into the cart in that moment to the saved cart, and keeps a login answered then', async () => {
    const store = pageStore();
    store.dispatch(lineAdded({ itemId: 'p2', variant: 'Red|', quantity: 2 }));
    store.dispatch(loggedIn({ token: 'fresh', role: 'shopper' }));
    expect(store.getState().cart.items).toEqual({});
    expect(selectSessionToken(store.getState())).toBeNull();

    await startPersistence(store, { storage: memoryStorage(stored({ cart: { items: { 'p1_Blue|': 1 }, rev: 7, pending: [] }, session: { token: null } })) });
    expect(store.getState().cart.items).toEqual({ 'p1_Blue|': 1, 'p2_Red|': 2 });
    expect(selectSessionToken(store.getState())).toBe('fresh');
    // Both lines go to the account's empty cart.
    await vi.waitFor(() => expect(pushed.sort()).toEqual(['p1', 'p2']));
  });

  it('holds nothing in a store with no saved state to wait for', () => {
    const store = makeStore();
    store.dispatch(lineAdded({ itemId: 'p2', variant: 'Red|', quantity: 2 }));
    store.dispatch(heartClicked({ productId: 'b' }));
    expect(store.getState().cart.items).toEqual({ 'p2_Red|': 2 });
    expect(store.getState().wishlist.ids).toEqual(['b']);
  });
});
