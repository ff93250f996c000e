import { addListener } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { REHYDRATE } from 'redux-persist';
import { describe, expect, it, vi } from 'vitest';
import { CART_SYNC_ERROR, CART_UPDATE_ERROR } from '../../../src/features/cart/cartListeners';
import { lineAdded, lineQuantityChanged, lineRemoved, quantityEditFinished, quantityTyped, selectQuantityInputText } from '../../../src/features/cart/cartSlice';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { connectionRestored, lineSavedForLater, loggedIn, savedLineMovedToCart, toastRequested } from '../../../src/store/events';
import { PERSIST_KEY } from '../../../src/store/persist';
import { makeStore, type PreloadedState } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

interface Sent {
  path: string;
  body: Record<string, unknown>;
  token: string | null;
  key: string | null;
}

/** A fake server cart: records every call; `fail` makes the next calls answer that status. */
function cartServer(initial: Record<string, number> = {}) {
  const state = { cart: { ...initial }, wishlist: [] as string[], sent: [] as Sent[], fail: 0, seenKeys: new Set<string>() };
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    state.sent.push({ path, body, token: request.headers.get('token'), key: request.headers.get('idempotency-key') });
    return body;
  };
  const failure = () => (state.fail ? HttpResponse.json({ success: false, message: 'Server down' }, { status: state.fail }) : null);
  mswServer.use(
    // A login or a restored token also asks for the profile (the session feature).
    http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Ada', email: 'ada@example.com' } })),
    http.post('*/api/cart/get', async ({ request }) => {
      await record(request, 'get');
      return failure() ?? HttpResponse.json({ success: true, cartData: state.cart });
    }),
    http.post('*/api/cart/add', async ({ request }) => {
      const b = await record(request, 'add');
      const f = failure();
      if (f) return f;
      const key = request.headers.get('idempotency-key');
      if (!key || !state.seenKeys.has(key)) {
        const k = `${String(b.itemId)}_${String(b.color)}`;
        state.cart[k] = (state.cart[k] ?? 0) + Number(b.quantity);
        if (key) state.seenKeys.add(key);
      }
      return HttpResponse.json({ success: true });
    }),
    http.post('*/api/cart/update', async ({ request }) => {
      const b = await record(request, 'update');
      const f = failure();
      if (f) return f;
      const k = `${String(b.itemId)}_${String(b.color)}`;
      if (Number(b.quantity) === 0) delete state.cart[k];
      else state.cart[k] = Number(b.quantity);
      return HttpResponse.json({ success: true });
    }),
    http.post('*/api/wishlist/list', async ({ request }) => {
      await record(request, 'wishlist/list');
      return HttpResponse.json({ success: true, wishlist: state.wishlist.map((id) => ({ _id: id })) });
    }),
    http.post('*/api/wishlist/add', async ({ request }) => {
      const b = await record(request, 'wishlist/add');
      if (!state.wishlist.includes(String(b.productId))) state.wishlist.push(String(b.productId));
      return HttpResponse.json({ success: true });
    }),
  );
  return state;
}

const loggedInSession = { ...initialSessionState, status: 'authenticated' as const, token: 'tok' };

function storeWith(preloaded: PreloadedState = {}) {
  let n = 0;
  const store = makeStore({ session: loggedInSession, ...preloaded }, { newId: () => `id-${++n}` });
  const toasts: string[] = [];
  store.dispatch(addListener({ actionCreator: toastRequested, effect: (a) => void toasts.push(a.payload.message) }));
  return { store, toasts };
}

const idle = (store: ReturnType<typeof makeStore>) =>
  vi.waitFor(() => {
    expect(store.getState().cart.sync.status).not.toBe('syncing');
  });

describe('cart sync while logged in', () => {
  it('sends adds with an Idempotency-Key and the token, and empties the queue', async () => {
    const server = cartServer();
    const { store } = storeWith();
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|M', quantity: 2 }));
    await vi.waitFor(() => expect(store.getState().cart.pending).toEqual([]));
    expect(server.sent).toEqual([{ path: 'add', body: { itemId: 'p1', color: 'Red|M', quantity: 2 }, token: 'tok', key: 'id-1' }]);
    expect(server.cart).toEqual({ 'p1_Red|M': 2 });
    await idle(store);
    expect(store.getState().cart.sync.status).toBe('idle');
  });

  it('sends quantity changes, removals and moves as absolute updates or adds, never bundles', async () => {
    const server = cartServer({ 'p1_|': 2, 'p2_|': 1 });
    const { store } = storeWith({ cart: { items: { 'p1_|': 2, 'p2_|': 1, b1_bundle: 1 } } });
    store.dispatch(lineQuantityChanged({ key: 'p1_|', quantity: 7 }));
    await idle(store);
    store.dispatch(lineRemoved({ key: 'p2_|' }));
    await idle(store);
    store.dispatch(lineSavedForLater({ key: 'p1_|', quantity: 7 }));
    await idle(store);
    store.dispatch(savedLineMovedToCart({ key: 'p1_|', quantity: 7 }));
    store.dispatch(lineQuantityChanged({ key: 'b1_bundle', quantity: 3 }));
    store.dispatch(lineAdded({ itemId: 'b2', variant: 'bundle', quantity: 1 }));
    await vi.waitFor(() => expect(store.getState().cart.pending).toEqual([]));
    expect(server.sent.map((s) => [s.path, s.body.quantity])).toEqual([
      ['update', 7],
      ['update', 0],
      ['update', 0],
      ['add', 7],
    ]);
    expect(server.cart).toEqual({ 'p1_|': 7 });
    expect(store.getState().cart.items).toEqual({ b1_bundle: 3, 'p1_|': 7, b2_bundle: 1 });
  });

  it('sends nothing for a guest', async () => {
    const server = cartServer();
    const store = makeStore();
    store.dispatch(lineAdded({ itemId: 'p1', variant: '|', quantity: 1 }));
    await new Promise((r) => setTimeout(r, 30));
    expect(server.sent).toEqual([]);
    expect(store.getState().cart.pending).toEqual([]);
  });

  it('keeps the local cart on failure with the SPEC toast, then retries when the connection returns', async () => {
    const server = cartServer();
    server.fail = 500;
    const { store, toasts } = storeWith();
    store.dispatch(lineAdded({ itemId: 'p1', variant: '|', quantity: 2 }));
    await vi.waitFor(() => expect(store.getState().cart.sync.status).toBe('failed'));
    expect(toasts).toEqual([CART_SYNC_ERROR]);
    expect(store.getState().cart.items).toEqual({ 'p1_|': 2 });

    store.dispatch(lineQuantityChanged({ key: 'p1_|', quantity: 3 }));
    await vi.waitFor(() => expect(toasts).toHaveLength(2));
    // The absolute update now covers the unsent add: one change left, an update.
    expect(toasts[1]).toBe(CART_UPDATE_ERROR);
    expect(store.getState().cart.pending.map((c) => c.kind)).toEqual(['set']);

    server.fail = 0;
    store.dispatch(connectionRestored());
    await vi.waitFor(() => expect(store.getState().cart.pending).toEqual([]));
    expect(server.cart).toEqual({ 'p1_|': 3 });
    await idle(store);
    expect(store.getState().cart.sync.status).toBe('idle');
    expect(toasts).toHaveLength(2);
  });

  it("says 'Unable to update cart on server' for a failed update and nothing on 401", async () => {
    const server = cartServer({ 'p1_|': 1 });
    server.fail = 503;
    const { store, toasts } = storeWith({ cart: { items: { 'p1_|': 1 } } });
    store.dispatch(lineQuantityChanged({ key: 'p1_|', quantity: 4 }));
    await vi.waitFor(() => expect(toasts).toEqual([CART_UPDATE_ERROR]));

    const other = storeWith({ cart: { items: { 'p1_|': 1 } } });
    server.fail = 401;
    other.store.dispatch(lineQuantityChanged({ key: 'p1_|', quantity: 4 }));
    await vi.waitFor(() => expect(other.store.getState().session.status).toBe('expired'));
    expect(other.toasts).not.toContain(CART_UPDATE_ERROR);
    expect(other.store.getState().cart.items).toEqual({ 'p1_|': 4 });
  });

  it('retries an add with the same Idempotency-Key, so the server adds it once', async () => {
    const server = cartServer();
    const { store } = storeWith();
    // The first attempt reaches the server but its answer is lost.
    let dropped = false;
    mswServer.use(
      http.post('*/api/cart/add', async ({ request }) => {
        if (dropped) return undefined;
        dropped = true;
        const b = (await request.json()) as Record<string, unknown>;
        server.cart[`${String(b.itemId)}_${String(b.color)}`] = Number(b.quantity);
        server.seenKeys.add(request.headers.get('idempotency-key')!);
        return HttpResponse.error();
      }),
    );
    store.dispatch(lineAdded({ itemId: 'p1', variant: '|', quantity: 2 }));
    await vi.waitFor(() => expect(store.getState().cart.sync.status).toBe('failed'));
    store.dispatch(connectionRestored());
    await vi.waitFor(() => expect(store.getState().cart.pending).toEqual([]));
    expect(server.cart).toEqual({ 'p1_|': 2 });
  });
});

describe('login merge', () => {
  it('merges the server cart over the local one, pushes local-only lines and the guest wishlist', async () => {
    const server = cartServer({ 'p1_Red|M': 5, 'p3_|': 1 });
    server.wishlist = ['w2'];
    let n = 0;
    const store = makeStore(
      { cart: { items: { 'p1_Red|M': 2, 'p2_|': 3, b1_bundle: 1 } }, saved: { items: { 'p9_|': 1 } }, wishlist: { ids: ['w1', 'w2'] } },
      { newId: () => `id-${++n}` },
    );
    store.dispatch(loggedIn({ token: 'tok' }));
    await vi.waitFor(() => {
      expect(store.getState().cart.items).toEqual({ 'p1_Red|M': 5, 'p2_|': 3, b1_bundle: 1, 'p3_|': 1 });
      expect(store.getState().cart.pending).toEqual([]);
      expect(store.getState().wishlist.ids).toEqual([]);
    });
    expect(server.cart).toEqual({ 'p1_Red|M': 5, 'p3_|': 1, 'p2_|': 3 });
    expect(server.wishlist).toEqual(['w2', 'w1']);
    expect(store.getState().saved.items).toEqual({ 'p9_|': 1 });
    expect(server.sent.filter((s) => s.path === 'add').map((s) => s.body)).toEqual([{ itemId: 'p2', color: '|', quantity: 3 }]);
  });

  it('keeps the local cart and says so when the server cart cannot be read', async () => {
    const server = cartServer();
    server.fail = 500;
    const store = makeStore({ cart: { items: { 'p2_|': 3 } } });
    const toasts: string[] = [];
    store.dispatch(addListener({ actionCreator: toastRequested, effect: (a) => void toasts.push(a.payload.message) }));
    store.dispatch(loggedIn({ token: 'tok' }));
    await vi.waitFor(() => expect(store.getState().cart.sync.status).toBe('failed'));
    expect(toasts).toContain(CART_SYNC_ERROR);
    expect(store.getState().cart.items).toEqual({ 'p2_|': 3 });
    expect(store.getState().cart.sync.needsMerge).toBe(true);
    server.fail = 0;
    store.dispatch(connectionRestored());
    await vi.waitFor(() => expect(server.cart).toEqual({ 'p2_|': 3 }));
  });

  it('at start-up with a token, sends unsent changes first, then merges', async () => {
    const server = cartServer({ 'p1_|': 1, 'p5_|': 2 });
    const { store } = storeWith();
    store.dispatch({
      type: REHYDRATE,
      key: PERSIST_KEY,
      payload: { cart: { items: { 'p1_|': 4 }, rev: 3, pending: [{ id: 'old-1', key: 'p1_|', kind: 'set' }] } },
    });
    await vi.waitFor(() => expect(store.getState().cart.items).toEqual({ 'p1_|': 4, 'p5_|': 2 }));
    expect(server.sent.map((s) => s.path)).toEqual(['update', 'get']);
    expect(server.cart).toEqual({ 'p1_|': 4, 'p5_|': 2 });
  });

  it('a staff session (its role kept with the token) has no shopper cart: a reload pushes nothing', async () => {
    const server = cartServer({});
    const { store } = storeWith({ session: { ...loggedInSession, role: 'staff' } });
    store.dispatch({ type: REHYDRATE, key: PERSIST_KEY, payload: { cart: { items: { 'p1_|': 4 }, rev: 0, pending: [] } } });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.sent).toEqual([]);
    expect(server.cart).toEqual({});
  });
});

describe('typing a quantity', () => {
  it('shows what is typed, commits a usable quantity at once (0 removes), and queues it for the server', async () => {
    const server = cartServer({ 'b1_|': 2 });
    const { store } = storeWith({ cart: { items: { 'b1_|': 2, 'b2_|': 1 } } });
    const text = (key: string) => selectQuantityInputText(store.getState(), key);

    store.dispatch(quantityTyped('b1_|', ''));
    // Nothing usable yet: the field is empty, the line keeps its quantity.
    expect(text('b1_|')).toBe('');
    expect(store.getState().cart.items['b1_|']).toBe(2);

    store.dispatch(quantityTyped('b1_|', '5x'));
    expect(text('b1_|')).toBe('5');
    expect(store.getState().cart.items['b1_|']).toBe(5);
    await vi.waitFor(() => expect(server.sent).toContainEqual(expect.objectContaining({ path: 'update', body: { itemId: 'b1', color: '|', quantity: 5 } })));

    store.dispatch(quantityEditFinished({ key: 'b1_|' }));
    expect(text('b1_|')).toBe('5');

    store.dispatch(quantityTyped('b2_|', '0'));
    expect(store.getState().cart.items).toEqual({ 'b1_|': 5 });
    expect(store.getState().cart.quantityDrafts).toEqual({});
  });

  it('typing the same quantity sends nothing', () => {
    const { store } = storeWith({ cart: { items: { 'b1_|': 2 } } });
    const before = store.getState().cart;
    store.dispatch(quantityTyped('b1_|', '2'));
    expect(store.getState().cart.items).toBe(before.items);
    expect(store.getState().cart.pending).toEqual([]);
  });
});
