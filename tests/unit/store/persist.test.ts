import { REHYDRATE, type Storage } from 'redux-persist';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { lineAdded } from '../../../src/features/cart/cartSlice';
import { redirectAfterLoginSet } from '../../../src/features/session/sessionSlice';
import { toggled as wishlistToggled } from '../../../src/features/wishlist/wishlistSlice';
import { loggedIn, loggedOut } from '../../../src/store/events';
import { PERSIST_KEY, PERSIST_VERSION, migrate, sanitizePersisted, tolerantDeserialize } from '../../../src/store/persist';
import { selectUserProfile } from '../../../src/features/session/sessionSelectors';
import { startPersistence } from '../../../src/store/persistence';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';
import { memoryStorage, persistedValue } from '../../utils/memoryStorage';

const v1 = { version: PERSIST_VERSION, rehydrated: true };


async function rehydrate(storage: Storage) {
  const store = makeStore();
  await startPersistence(store, { storage });
  return store;
}

describe('persist migrate', () => {
  it('keeps valid data of the current version', async () => {
    const state = {
      cart: { items: { 'p1_Red|M': 2, p2_bundle: 1, 'p3_accessory-0': 3 } },
      saved: { items: { 'p4_|': 1 } },
      wishlist: { ids: ['p1', 'p2'] },
      session: { token: 'abc.def.ghi' },
      _persist: v1,
    };
    const out = await migrate(state, PERSIST_VERSION);
    expect(out).toMatchObject({
      cart: { items: { 'p1_Red|M': 2, p2_bundle: 1, 'p3_accessory-0': 3 } },
      saved: { items: { 'p4_|': 1 } },
      wishlist: { ids: ['p1', 'p2'] },
      session: { status: 'authenticated', token: 'abc.def.ghi' },
    });
  });

  it('drops corrupt and foreign entries but keeps the valid ones', async () => {
    const state = {
      cart: { items: { 'p1_Red|M': 2, nounderscore: 1, 'p2_weird': 1, 'p3_Red|M': 'two', 'p4_|': -1, 'p5_|': 250, 'p6_|': 1.7 } },
      saved: 'not an object',
      wishlist: { ids: ['p1', 42, '', 'p1', { _id: 'p9' }, null] },
      session: { token: 12345 },
      api: { queries: { leaked: true } },
      evil: { __proto__: { polluted: true } },
      _persist: v1,
    };
    const out = (await migrate(state as never, PERSIST_VERSION)) as Record<string, unknown>;
    expect(out.cart).toEqual({ items: { 'p1_Red|M': 2, 'p5_|': 99, 'p6_|': 1 }, rev: 0, pending: [] });
    expect(out.saved).toBeUndefined();
    expect(out.wishlist).toEqual({ ids: ['p1', 'p9'], rev: 0 });
    expect(out.session).toEqual({ status: 'anonymous', token: null, redirectAfterLogin: null, error: null, role: null });
    expect(out).not.toHaveProperty('api');
    expect(out).not.toHaveProperty('evil');
  });

  it('migrates the legacy (version 0) layout', async () => {
    const legacy = {
      cartItems: { p1: { 'Red|M': 2, bundle: 1 }, p2: { 'accessory-1': 4 } },
      savedItems: { p3: { '|': 1 } },
      wishlist: ['p1', 'p3'],
      token: 'legacy-token',
      _persist: { version: 0, rehydrated: true },
    };
    const out = await migrate(legacy as never, PERSIST_VERSION);
    expect(out).toMatchObject({
      cart: { items: { 'p1_Red|M': 2, p1_bundle: 1, 'p2_accessory-1': 4 } },
      saved: { items: { 'p3_|': 1 } },
      wishlist: { ids: ['p1', 'p3'] },
      session: { status: 'authenticated', token: 'legacy-token' },
    });
  });

  it("keeps the login's role with its token only, and only a known one", () => {
    const role = (session: unknown) => sanitizePersisted({ session })?.session?.role;
    expect(role({ token: 'tok', role: 'staff' })).toBe('staff');
    expect(role({ token: 'tok', role: 'shopper' })).toBe('shopper');
    expect(role({ token: 'tok', role: 'admin' })).toBeNull();
    expect(role({ token: null, role: 'staff' })).toBeNull();
  });

  it('never throws on nonsense input', async () => {
    for (const junk of [null, undefined, 42, 'text', [], { _persist: { version: 99 } }, { cart: null }]) {
      await expect(migrate(junk as never, PERSIST_VERSION)).resolves.not.toThrow();
    }
    expect(await migrate(undefined as never, PERSIST_VERSION)).toBeUndefined();
    expect(sanitizePersisted('x')).toBeUndefined();
  });

  it('tolerates bad JSON when deserializing', () => {
    expect(tolerantDeserialize('{"a":1}')).toEqual({ a: 1 });
    expect(tolerantDeserialize('{not json')).toBeUndefined();
    expect(tolerantDeserialize(undefined)).toBeUndefined();
  });
});

describe('persistence through the store', () => {
  it('rehydrates cart, wishlist and token, and writes only client-owned slices', async () => {
    // A restored token asks for the profile and syncs the lists.
    mswServer.use(
      http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Ada', email: 'ada@example.com' } })),
      http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
      http.post('*/api/cart/add', () => HttpResponse.json({ success: true })),
      http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
      http.post('*/api/wishlist/add', () => HttpResponse.json({ success: true })),
    );
    const storage = memoryStorage({
      [`persist:${PERSIST_KEY}`]: persistedValue({
        cart: { items: { 'p1_Red|M': 3 } },
        wishlist: { ids: ['p7'] },
        session: { token: 'tok' },
        _persist: v1,
      }),
    });
    const store = await rehydrate(storage);
    expect(store.getState().cart.items).toEqual({ 'p1_Red|M': 3 });
    expect(store.getState().wishlist.ids).toEqual(['p7']);
    expect(store.getState().session).toMatchObject({ status: 'authenticated', token: 'tok' });

    store.dispatch(lineAdded({ itemId: 'p2', variant: 'bundle', quantity: 1 }));
    store.dispatch(wishlistToggled('p8'));
    await vi.waitFor(() => expect(selectUserProfile(store.getState())).toEqual({ name: 'Ada', email: 'ada@example.com' }));
    // A login while logged in is not a valid transition: log out (which also empties the lists) first.
    store.dispatch(loggedOut());
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 3 }));
    store.dispatch(lineAdded({ itemId: 'p2', variant: 'bundle', quantity: 1 }));
    store.dispatch(loggedIn({ token: 'tok2' }));

    // redux-persist writes one slice per timer tick; the login merge makes several changes in a row.
    const written = await vi.waitFor(() => {
      const w = JSON.parse(storage.data[`persist:${PERSIST_KEY}`]) as Record<string, string>;
      expect(Object.keys(w).sort()).toEqual(['_persist', 'cart', 'reviews', 'saved', 'session', 'wishlist']);
      expect(JSON.parse(w.session)).toEqual({ token: 'tok2' });
      expect(JSON.parse(w.cart).pending).toEqual([]);
      return w;
    });
    expect(JSON.parse(written.cart)).toMatchObject({ items: { 'p1_Red|M': 3, p2_bundle: 1 }, pending: [] });
    // The sync status is not data: it starts idle in every page load.
    expect(JSON.parse(written.cart)).not.toHaveProperty('sync');
    // The session keeps its token only: no profile data at rest.
    expect(JSON.parse(written.session)).toEqual({ token: 'tok2' });
  });

  it("keeps a guest's redirect-after-login target across a reload, never a foreign or logged-in one", async () => {
    const storage = memoryStorage();
    const guest = makeStore();
    void startPersistence(guest, { storage });
    guest.dispatch(redirectAfterLoginSet('/place-order'));
    const written = await vi.waitFor(() => {
      const w = JSON.parse(storage.data[`persist:${PERSIST_KEY}`]) as Record<string, string>;
      expect(JSON.parse(w.session)).toEqual({ token: null, redirectAfterLogin: '/place-order' });
      return w;
    });
    expect(sanitizePersisted({ session: JSON.parse(written.session) })?.session?.redirectAfterLogin).toBe('/place-order');
    expect(sanitizePersisted({ session: { token: null, redirectAfterLogin: 'https://evil.test/' } })?.session?.redirectAfterLogin).toBeNull();
    expect(sanitizePersisted({ session: { token: 'abc.def.ghi', redirectAfterLogin: '/cart' } })?.session?.redirectAfterLogin).toBeNull();
  });

  it('survives a corrupt stored slice and an unparseable root', async () => {
    const partlyBad = memoryStorage({
      [`persist:${PERSIST_KEY}`]: JSON.stringify({ cart: '{broken', wishlist: JSON.stringify({ ids: ['ok'] }), _persist: JSON.stringify(v1) }),
    });
    const s1 = await rehydrate(partlyBad);
    expect(s1.getState().cart.items).toEqual({});
    expect(s1.getState().wishlist.ids).toEqual(['ok']);

    const allBad = memoryStorage({ [`persist:${PERSIST_KEY}`]: '}}} not json' });
    const s2 = await rehydrate(allBad);
    expect(s2.getState().cart.items).toEqual({});
    expect(s2.getState().session.status).toBe('anonymous');
  });

  it('is exempt from the serializable check only for redux-persist actions', () => {
    const store = makeStore();
    expect(() => store.dispatch({ type: REHYDRATE, key: 'other', payload: undefined, err: () => {} })).not.toThrow();
  });
});
