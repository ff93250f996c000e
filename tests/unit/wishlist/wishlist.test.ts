import { addListener } from '@reduxjs/toolkit';
import { delay, http, HttpResponse } from 'msw';
import { REHYDRATE } from 'redux-persist';
import { describe, expect, it, vi } from 'vitest';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { searchWishlist, wishlistProducts } from '../../../src/features/wishlist/rules';
import { paginate } from '../../../src/domain/pagination';

const wishlistPage = <T,>(items: readonly T[], page: number) => paginate(items, page, { pastEnd: 'empty' });
import { WISHLIST_TOGGLE_ERROR, wishlistApi, wishlistIds } from '../../../src/features/wishlist/wishlistApi';
import { idsMissingOnServer } from '../../../src/features/wishlist/wishlistListeners';
import { selectIsWishlisted, selectWishlistIds } from '../../../src/features/wishlist/wishlistSelectors';
import { guestWishlistPushed, heartClicked, toggled, wishlistSlice } from '../../../src/features/wishlist/wishlistSlice';
import { loggedOut, toastRequested } from '../../../src/store/events';
import { PERSIST_KEY } from '../../../src/store/persist';
import { makeStore } from '../../../src/store/store';
import { makeProduct } from '../../fixtures/catalog';
import { mswServer } from '../../utils/msw';

const reducer = wishlistSlice.reducer;

describe('guest wishlist slice', () => {
  it('toggles ids, drops the ones pushed to the server, empties on logout, counts revisions', () => {
    let s = reducer(undefined, toggled('a'));
    s = reducer(s, toggled('b'));
    s = reducer(s, toggled('c'));
    s = reducer(s, toggled('a'));
    expect(s).toEqual({ ids: ['b', 'c'], rev: 4 });
    s = reducer(s, guestWishlistPushed(['b', 'zzz']));
    expect(s).toEqual({ ids: ['c'], rev: 5 });
    s = reducer(s, loggedOut());
    expect(s).toEqual({ ids: [], rev: 6 });
  });

  it('rehydrates from the stored copy unless this one is newer', () => {
    const mine = reducer(reducer(undefined, toggled('a')), toggled('b'));
    expect(reducer(mine, { type: REHYDRATE, key: PERSIST_KEY, payload: { wishlist: { ids: ['x'], rev: 1 } } } as never).ids).toEqual(['a', 'b']);
    expect(reducer(mine, { type: REHYDRATE, key: PERSIST_KEY, payload: { wishlist: { ids: ['x'], rev: 3 } } } as never).ids).toEqual(['x']);
  });
});

describe('wishlist rules', () => {
  const products = Array.from({ length: 30 }, (_, i) => makeProduct({ _id: `p${i}`, name: i % 2 ? `Dragon ${i}` : `Lamp ${i}` }));

  it('accepts ids or objects with _id from the server', () => {
    expect(wishlistIds(['a', { _id: 'b' }, 'a', null, 3, { id: 'x' }, ''])).toEqual(['a', 'b']);
    expect(wishlistIds(undefined)).toEqual([]);
  });

  it('finds what the server misses, once each', () => {
    expect(idsMissingOnServer(['a', 'b', 'a', 'c'], ['b'])).toEqual(['a', 'c']);
  });

  it('keeps wishlist order, skips removed products, searches names case-insensitively', () => {
    expect(wishlistProducts(['p3', 'gone', 'p1'], products).map((p) => p._id)).toEqual(['p3', 'p1']);
    expect(searchWishlist(products, '  dRaGoN ').length).toBe(15);
    expect(searchWishlist(products, '').length).toBe(30);
  });

  it('pages by 12', () => {
    expect(wishlistPage(products, 1)).toMatchObject({ pageCount: 3, page: 1 });
    expect(wishlistPage(products, 3).items.map((p) => p._id)).toEqual(products.slice(24).map((p) => p._id));
    expect(wishlistPage(products.slice(0, 12), 1).pageCount).toBe(1);
    expect(wishlistPage([], 1)).toMatchObject({ items: [], pageCount: 1, page: 1 });
    expect(wishlistPage(products, 9).items).toEqual([]);
  });
});

describe('logged-in wishlist: optimistic toggle with rollback', () => {
  const session = { ...initialSessionState, status: 'authenticated' as const, token: 'tok' };

  async function loggedInStore(serverList: string[]) {
    const server = { list: [...serverList], lists: 0 };
    mswServer.use(
      http.post('*/api/wishlist/list', () => {
        server.lists += 1;
        return HttpResponse.json({ success: true, wishlist: server.list });
      }),
    );
    const store = makeStore({ session });
    const toasts: string[] = [];
    store.dispatch(addListener({ actionCreator: toastRequested, effect: (a) => void toasts.push(a.payload.message) }));
    // A screen's subscription (the header's count) keeps the list cached.
    store.dispatch(wishlistApi.endpoints.getWishlist.initiate());
    await vi.waitFor(() => expect(selectWishlistIds(store.getState())).toEqual(serverList));
    return { store, toasts, server };
  }

  it('shows the heart at once, and keeps it when the server agrees', async () => {
    const { store, server, toasts } = await loggedInStore(['a']);
    mswServer.use(
      http.post('*/api/wishlist/add', async ({ request }) => {
        await delay(30);
        server.list.push(((await request.json()) as { productId: string }).productId);
        return HttpResponse.json({ success: true });
      }),
    );
    store.dispatch(heartClicked({ productId: 'b' }));
    expect(selectIsWishlisted(store.getState(), 'b')).toBe(true);
    expect(selectWishlistIds(store.getState())).toHaveLength(2);
    await Promise.all(store.dispatch(wishlistApi.util.getRunningMutationsThunk()));
    expect(selectWishlistIds(store.getState())).toEqual(['a', 'b']);
    expect(toasts).toEqual([]);
    // The guest list is not touched while logged in.
    expect(store.getState().wishlist.ids).toEqual([]);
  });

  it('rolls back with a toast when the server fails, then re-reads the list', async () => {
    const { store, server, toasts } = await loggedInStore(['a']);
    mswServer.use(
      http.post('*/api/wishlist/add', async () => {
        await delay(20);
        return HttpResponse.json({ success: false, message: 'boom' }, { status: 500 });
      }),
      http.post('*/api/wishlist/remove', async () => {
        await delay(20);
        return HttpResponse.error();
      }),
    );
    store.dispatch(heartClicked({ productId: 'b' }));
    expect(selectWishlistIds(store.getState())).toEqual(['a', 'b']);
    await vi.waitFor(() => expect(toasts).toEqual([WISHLIST_TOGGLE_ERROR]));
    expect(selectWishlistIds(store.getState())).toEqual(['a']);
    await vi.waitFor(() => expect(server.lists).toBe(2));

    store.dispatch(heartClicked({ productId: 'a' }));
    expect(selectWishlistIds(store.getState())).toEqual([]);
    await vi.waitFor(() => expect(toasts).toHaveLength(2));
    expect(selectWishlistIds(store.getState())).toEqual(['a']);
  });

  it('puts the heart back before the re-read answers (undo, then re-sync)', async () => {
    const { store, server } = await loggedInStore(['a']);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    mswServer.use(
      http.post('*/api/wishlist/add', () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })),
      http.post('*/api/wishlist/list', async () => {
        server.lists += 1;
        await held;
        return HttpResponse.json({ success: true, wishlist: server.list });
      }),
    );
    const seenAtToast: string[][] = [];
    store.dispatch(addListener({ actionCreator: toastRequested, effect: (_a, api) => void seenAtToast.push(selectWishlistIds(api.getState() as never)) }));
    store.dispatch(heartClicked({ productId: 'b' }));
    await vi.waitFor(() => expect(seenAtToast).toEqual([['a']]));
    await vi.waitFor(() => expect(server.lists).toBe(2));
    expect(selectWishlistIds(store.getState())).toEqual(['a']);
    release();
  });

  it("a heart clicked while the list is still being read ends in the server's list, the heart kept", async () => {
    const server = { list: ['a'], lists: 0 };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    mswServer.use(
      http.post('*/api/wishlist/list', async () => {
        server.lists += 1;
        // The first read answers what the server held when it was asked: before the add.
        const answer = [...server.list];
        if (server.lists === 1) await held;
        return HttpResponse.json({ success: true, wishlist: answer });
      }),
      http.post('*/api/wishlist/add', async ({ request }) => {
        server.list.push(((await request.json()) as { productId: string }).productId);
        return HttpResponse.json({ success: true });
      }),
    );
    const store = makeStore({ session });
    store.dispatch(wishlistApi.endpoints.getWishlist.initiate());
    await vi.waitFor(() => expect(server.lists).toBe(1));
    store.dispatch(heartClicked({ productId: 'b' }));
    await Promise.all(store.dispatch(wishlistApi.util.getRunningMutationsThunk()));
    release();
    await vi.waitFor(() => expect(server.lists).toBe(2));
    await vi.waitFor(() => expect(selectWishlistIds(store.getState())).toEqual(['a', 'b']));
  });

  it("overlapping toggles of one product end in the server's true state", async () => {
    const { store, server } = await loggedInStore([]);
    // The add is slow and lands after the remove (which found nothing to remove).
    mswServer.use(
      http.post('*/api/wishlist/add', async () => {
        await delay(60);
        server.list.push('p');
        return HttpResponse.json({ success: true });
      }),
      http.post('*/api/wishlist/remove', async () => {
        await delay(10);
        server.list = server.list.filter((id) => id !== 'p');
        return HttpResponse.json({ success: true });
      }),
    );
    store.dispatch(heartClicked({ productId: 'p' }));
    store.dispatch(heartClicked({ productId: 'p' }));
    expect(selectIsWishlisted(store.getState(), 'p')).toBe(false);
    await vi.waitFor(() => expect(server.lists).toBe(2));
    await vi.waitFor(() => expect(selectWishlistIds(store.getState())).toEqual(['p']));
  });
});
