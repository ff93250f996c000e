import { REHYDRATE } from 'redux-persist';
import { describe, expect, it } from 'vitest';
import {
  cartChangeRefused,
  cartChangesQueued,
  cartChangeSynced,
  cartMergedWithServer,
  cartMergeRequested,
  cartSlice,
  cartSyncFailed,
  cartSyncFinished,
  cartSyncStarted,
  lineAdded,
  lineQuantityChanged,
  lineRemoved,
} from '../../../src/features/cart/cartSlice';
import { isServerKey, mergeCarts, queueChanges, type PendingChange } from '../../../src/features/cart/cartSync';
import { savedSlice } from '../../../src/features/saved/savedSlice';
import { lineSavedForLater, loggedOut, savedLineMovedToCart } from '../../../src/store/events';
import { PERSIST_KEY } from '../../../src/store/persist';

const cart = cartSlice.reducer;
const saved = savedSlice.reducer;
const init = () => cart(undefined, { type: '@@init' });

describe('mergeCarts (login merge, SPEC §4)', () => {
  it.each([
    ['key on both sides: the server quantity wins, nothing pushed', { 'p1_Red|M': 2 }, { 'p1_Red|M': 5 }, { 'p1_Red|M': 5 }, []],
    ['only local: kept and pushed', { 'p1_|': 3 }, {}, { 'p1_|': 3 }, [{ key: 'p1_|', quantity: 3 }]],
    ['only on the server: brought in', {}, { 'p2_accessory-1': 4 }, { 'p2_accessory-1': 4 }, []],
    ['bundles stay local and are never pushed', { b1_bundle: 1 }, {}, { b1_bundle: 1 }, []],
    ['a bundle line sent by a server is ignored', { b1_bundle: 1 }, { b1_bundle: 7, b2_bundle: 1 }, { b1_bundle: 1 }, []],
    [
      'a mix keeps local order, then server-only lines',
      { 'a_|': 1, b_bundle: 2, 'c_Red|': 3 },
      { 'c_Red|': 9, 'd_|': 1 },
      { 'a_|': 1, b_bundle: 2, 'c_Red|': 9, 'd_|': 1 },
      [{ key: 'a_|', quantity: 1 }],
    ],
    ['malformed or empty server lines are ignored', {}, { nounderscore: 2, 'p_|': 0, 'q_|': 250 }, { 'q_|': 99 }, []],
    ['both empty', {}, {}, {}, []],
  ])('%s', (_what, local, server, items, push) => {
    expect(mergeCarts(local, server)).toEqual({ items, push });
  });

  it('leaves saved-for-later lines alone (they are not part of the cart)', () => {
    const store = { cart: init(), saved: saved(undefined, lineSavedForLater({ key: 'p9_|', quantity: 2 })) };
    const { items, push } = mergeCarts(store.cart.items, { 'p9_|': 1 });
    const next = cart(store.cart, cartMergedWithServer({ items, pending: push.map((p) => ({ id: p.key, kind: 'add', ...p })) }));
    expect(next.items).toEqual({ 'p9_|': 1 });
    expect(store.saved.items).toEqual({ 'p9_|': 2 });
  });

  it('tells server keys from local-only ones', () => {
    expect(isServerKey('p1_Red|M')).toBe(true);
    expect(isServerKey('p1_accessory-0')).toBe(true);
    expect(isServerKey('p1_bundle')).toBe(false);
    expect(isServerKey('broken')).toBe(false);
  });
});

describe('queueChanges', () => {
  const add = (id: string, key: string, quantity = 1): PendingChange => ({ id, key, kind: 'add', quantity });
  const set = (id: string, key: string): PendingChange => ({ id, key, kind: 'set' });

  it('keeps adds in order', () => {
    expect(queueChanges([add('1', 'a')], [add('2', 'a'), add('3', 'b')])).toEqual([add('1', 'a'), add('2', 'a'), add('3', 'b')]);
  });

  it('a set replaces earlier changes of its line; later changes of that line are covered by it', () => {
    const q = queueChanges([add('1', 'a'), add('2', 'b')], [set('3', 'a')]);
    expect(q).toEqual([add('2', 'b'), set('3', 'a')]);
    expect(queueChanges(q, [add('4', 'a'), set('5', 'a')])).toEqual(q);
  });
});

describe('cart slice sync state (idle / syncing / failed)', () => {
  it('moves idle → syncing → failed → syncing → idle and ignores events that do not fit', () => {
    let s = init();
    expect(s.sync.status).toBe('idle');
    s = cart(s, cartSyncFailed({ message: 'x' }));
    expect(s.sync.status).toBe('idle');
    s = cart(s, cartSyncStarted());
    expect(s.sync.status).toBe('syncing');
    s = cart(s, cartSyncFailed({ message: 'Failed to fetch' }));
    expect(s.sync).toMatchObject({ status: 'failed', error: 'Failed to fetch' });
    s = cart(s, cartSyncFinished());
    expect(s.sync.status).toBe('failed');
    s = cart(s, cartSyncStarted());
    s = cart(s, cartSyncFinished());
    expect(s.sync).toMatchObject({ status: 'idle', error: null });
  });

  it('drops confirmed and refused changes; keeps a set whose line changed while it was sent', () => {
    let s = cart(init(), lineAdded({ itemId: 'p1', variant: '|', quantity: 2 }));
    s = cart(s, cartChangesQueued([{ id: 'c1', key: 'p1_|', kind: 'add', quantity: 2 }, { id: 'c2', key: 'p2_|', kind: 'add', quantity: 1 }]));
    s = cart(s, cartChangeSynced({ id: 'c1' }));
    s = cart(s, cartChangeRefused({ id: 'c2', message: 'Product not found' }));
    expect(s.pending).toEqual([]);

    s = cart(s, lineQuantityChanged({ key: 'p1_|', quantity: 5 }));
    s = cart(s, cartChangesQueued([{ id: 'c3', key: 'p1_|', kind: 'set' }]));
    s = cart(s, lineQuantityChanged({ key: 'p1_|', quantity: 6 }));
    s = cart(s, cartChangeSynced({ id: 'c3', sentQuantity: 5 }));
    expect(s.pending).toEqual([{ id: 'c3', key: 'p1_|', kind: 'set' }]);
    s = cart(s, cartChangeSynced({ id: 'c3', sentQuantity: 6 }));
    expect(s.pending).toEqual([]);
  });

  it('merge: a login request drops the old queue, the merge result replaces lines and queue', () => {
    let s = cart(init(), cartChangesQueued([{ id: 'old', key: 'x_|', kind: 'set' }]));
    s = cart(s, cartMergeRequested({ discardPending: true }));
    expect(s.pending).toEqual([]);
    expect(s.sync.needsMerge).toBe(true);
    s = cart(s, cartMergedWithServer({ items: { 'a_|': 1 }, pending: [{ id: 'n1', key: 'a_|', kind: 'add', quantity: 1 }] }));
    expect(s).toMatchObject({ items: { 'a_|': 1 }, pending: [{ id: 'n1' }], sync: { needsMerge: false } });
  });

  it('bumps the revision on every change of the lines, and logging out empties lines and queue', () => {
    let s = init();
    s = cart(s, lineAdded({ itemId: 'a', variant: '|', quantity: 1 }));
    s = cart(s, lineQuantityChanged({ key: 'a_|', quantity: 3 }));
    s = cart(s, lineSavedForLater({ key: 'a_|', quantity: 3 }));
    s = cart(s, savedLineMovedToCart({ key: 'a_|', quantity: 3 }));
    s = cart(s, lineRemoved({ key: 'a_|' }));
    expect(s.rev).toBe(5);
    s = cart(s, cartChangesQueued([{ id: 'c', key: 'a_|', kind: 'set' }]));
    s = cart(s, loggedOut());
    expect(s).toMatchObject({ items: {}, pending: [], rev: 6 });
  });
});

describe('rehydration (start-up and other tabs)', () => {
  const rehydrate = (cartCopy: object, key = PERSIST_KEY) => ({ type: REHYDRATE, key, payload: { cart: cartCopy } });

  it('takes the stored copy unless this one is newer', () => {
    let s = cart(init(), rehydrate({ items: { 'a_|': 1 }, rev: 4, pending: [] }));
    expect(s).toMatchObject({ items: { 'a_|': 1 }, rev: 4 });
    s = cart(s, lineAdded({ itemId: 'b', variant: '|', quantity: 1 })); // rev 5
    const older = cart(s, rehydrate({ items: {}, rev: 4, pending: [] }));
    expect(older.items).toEqual({ 'a_|': 1, 'b_|': 1 });
    const newer = cart(s, rehydrate({ items: { 'c_|': 2 }, rev: 6, pending: [{ id: 'x', key: 'c_|', kind: 'add', quantity: 2 }] }));
    expect(newer).toMatchObject({ items: { 'c_|': 2 }, rev: 6, pending: [{ id: 'x' }] });
  });

  it('keeps the runtime sync status and returns a new object either way', () => {
    const s = cart(init(), cartSyncStarted());
    const kept = cart(s, rehydrate({ items: {}, rev: -1 }));
    expect(kept).not.toBe(s);
    expect(kept.sync.status).toBe('syncing');
    expect(cart(s, rehydrate({ items: {}, rev: 0 }, 'other-key')).items).toEqual({});
  });

  it('saved lines follow the same rule', () => {
    let s = saved(undefined, lineSavedForLater({ key: 'a_|', quantity: 1 }));
    s = saved(s, { type: REHYDRATE, key: PERSIST_KEY, payload: { saved: { items: {}, rev: 0 } } } as never);
    expect(s.items).toEqual({ 'a_|': 1 });
    s = saved(s, { type: REHYDRATE, key: PERSIST_KEY, payload: { saved: { items: { 'z_|': 2 }, rev: 9 } } } as never);
    expect(s).toEqual({ items: { 'z_|': 2 }, rev: 9 });
  });
});
