import { http, HttpResponse } from 'msw';
import { REHYDRATE, type Storage } from 'redux-persist';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lineAdded, lineQuantityChanged } from '../../../src/features/cart/cartSlice';
import { loadLog, replayerFor } from '../../../src/features/qa/replayController';
import { verificationStarted } from '../../../src/features/checkout/checkoutSlice';
import { credentialsSubmitted } from '../../../src/features/session/sessionSlice';
import { toggled as wishlistToggled } from '../../../src/features/wishlist/wishlistSlice';
import { parseActionLog, replayActionLog, serializeActionLog, toLogValue, type LogState } from '../../../src/features/qa/actionLog';
import { REDACTED } from '../../../src/store/devtools';
import { loggedIn } from '../../../src/store/events';
import { PERSIST_KEY } from '../../../src/store/persist';
import { startPersistence } from '../../../src/store/persistence';
import { installRecorder } from '../../../src/features/qa/recorder';
import { stateReplaced } from '../../../src/features/qa/replayState';
import { makeStore, type AppStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLXZhbHVl';
const SECRETS = [JWT, 'hunter2-secret', '4242424242424242', 'reset-tok-123', 'cs_test_abc123'];

function clock(start = 1_700_000_000_000) {
  let t = start;
  return () => (t += 10);
}

/**
 * A store recording from after its first action (RTK Query's one-time middleware registration),
 * so counts below are the test's own actions.
 */
function recordingStore(capacity?: number) {
  let n = 0;
  const store = makeStore(undefined, { now: clock(), newId: () => `id-${++n}` });
  store.dispatch({ type: 'test/warmedUp' });
  installRecorder(store, { capacity, record: true });
  return store;
}

// The session, cart and wishlist listeners talk to the server after a login.
beforeEach(() => {
  mswServer.use(
    http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Ada', email: 'ada@example.com' } })),
    http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
    http.post('*/api/cart/add', () => HttpResponse.json({ success: true })),
    http.post('*/api/cart/update', () => HttpResponse.json({ success: true })),
    http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
    http.post('*/api/wishlist/add', () => HttpResponse.json({ success: true })),
    http.post('*/api/order/verifyStripe', () => HttpResponse.json({ success: false, message: 'Payment not completed' })),
  );
});

function exported(store: AppStore) {
  const file = store.recorder.exportLog();
  if (!file) throw new Error('nothing recorded');
  const text = serializeActionLog(file);
  const parsed = parseActionLog(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return { text, log: parsed.log };
}

const replay = (store: AppStore, log: Parameters<typeof replayActionLog>[0], until?: number) =>
  replayActionLog(log, () => store.recorder.createReducer(), { until });

/** Lets listener work started by a test (server calls after a login) finish inside it. */
const settle = () => new Promise((r) => setTimeout(r, 60));

function memoryStorage(): Storage & { writes: number; data: Record<string, string> } {
  const data: Record<string, string> = {};
  const s = {
    data,
    writes: 0,
    getItem: (k: string) => Promise.resolve(data[k] ?? null),
    setItem: (k: string, v: string) => {
      s.writes += 1;
      data[k] = v;
      return Promise.resolve();
    },
    removeItem: (k: string) => {
      delete data[k];
      return Promise.resolve();
    },
  };
  return s;
}

describe('QA recorder', () => {
  it('keeps plain actions with their times and the state at recording start', () => {
    const store = recordingStore();
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|', quantity: 2 }));
    // A thunk is not an action; it records what it dispatches.
    store.dispatch((dispatch) => {
      dispatch(wishlistToggled('p2'));
    });
    // The QA panel's own actions are never recorded.
    store.dispatch({ type: 'qa/somethingClicked' });

    expect(store.recorder.status()).toEqual({ recording: true, count: 2, dropped: 0 });
    const { log } = exported(store);
    expect(log.actions.map((a) => a.type)).toEqual(['cart/lineAdded', 'wishlist/toggled']);
    expect(log.times).toEqual([1_700_000_000_020, 1_700_000_000_030]);
    expect(log.startedAt).toBe(1_700_000_000_010);
    expect(log.times[0]).toBeGreaterThan(log.startedAt);
    expect((log.preloadedState.cart as { items: object }).items).toEqual({});
    expect(log.finalState).toEqual(toLogValue(store.getState()));
  });

  it('replays its log to the state the app has, twice the same', async () => {
    const store = recordingStore();
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|', quantity: 2 }));
    store.dispatch(lineQuantityChanged({ key: 'p1_Red|', quantity: 5 }));
    store.dispatch(wishlistToggled('p2'));
    store.dispatch({ type: REHYDRATE, key: PERSIST_KEY, payload: { saved: { items: { 'p9_|': 1 }, rev: 3 } }, crossTab: true });
    store.dispatch(credentialsSubmitted({ mode: 'login', name: '', email: 'ada@example.com' }));
    store.dispatch(loggedIn({ token: JWT }));

    const { log } = exported(store);
    const first = replay(store, log);
    const second = replay(store, log);
    expect(first.at(-1)).toEqual(log.finalState);
    expect(second).toEqual(first);
    // The replayed session reads as the recorded one, with a redacted token.
    expect(first.at(-1)!.session).toMatchObject({ status: 'authenticated', token: REDACTED });
    // --until: the state after a given action.
    expect((replay(store, log, 0).at(-1)!.cart as { items: object }).items).toEqual({ 'p1_Red|': 2 });
    await settle();
  });

  it('never lets a secret into a log, in actions or in states', async () => {
    const store = recordingStore();
    store.dispatch(loggedIn({ token: JWT }));
    store.dispatch({ type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { email: 'ada@example.com', password: 'hunter2-secret' } } } });
    store.dispatch({ type: 'api/executeMutation/pending', meta: { arg: { originalArgs: { token: 'reset-tok-123', newPassword: 'hunter2-secret' } } } });
    store.dispatch({ type: 'checkout/cardEntered', payload: { cardNumber: '4242424242424242', cvc: '123' } });
    store.dispatch(verificationStarted({ sessionId: 'cs_test_abc123', success: true }));
    store.dispatch({ type: 'router/navigated', payload: { url: '/reset-password/reset-tok-123' } });

    const { text, log } = exported(store);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(JSON.stringify(log)).toContain(REDACTED);
    // The live state holds the secrets; the log's final state does not.
    expect(JSON.stringify(store.getState())).toContain(JWT);
    expect(JSON.stringify(log.finalState)).not.toContain(JWT);
    await settle();
  });

  it('is a bounded ring buffer whose start state absorbs what falls out', () => {
    const store = recordingStore(3);
    for (let i = 1; i <= 5; i++) store.dispatch(lineAdded({ itemId: `p${i}`, variant: 'bundle', quantity: i }));
    expect(store.recorder.status()).toEqual({ recording: true, count: 3, dropped: 2 });

    const { log } = exported(store);
    expect(log.dropped).toBe(2);
    expect(log.actions.map((a) => (a.payload as { key: string }).key)).toEqual(['p3_bundle', 'p4_bundle', 'p5_bundle']);
    expect((log.preloadedState.cart as { items: object }).items).toEqual({ p1_bundle: 1, p2_bundle: 2 });
    expect(replay(store, log).at(-1)).toEqual(log.finalState);
  });

  it('stops and starts: a new recording starts from the state of that moment', () => {
    const store = recordingStore();
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'bundle', quantity: 1 }));
    store.recorder.stop();
    store.dispatch(lineAdded({ itemId: 'p2', variant: 'bundle', quantity: 1 }));
    let { log } = exported(store);
    expect(log.actions).toHaveLength(1);
    // The final state is the one when recording stopped: the log still replays to it.
    expect(replay(store, log).at(-1)).toEqual(log.finalState);

    store.recorder.start();
    store.dispatch(lineAdded({ itemId: 'p3', variant: 'bundle', quantity: 1 }));
    ({ log } = exported(store));
    expect(log.actions).toHaveLength(1);
    expect((log.preloadedState.cart as { items: object }).items).toEqual({ p1_bundle: 1, p2_bundle: 1 });
  });

  it('is not in a store until installed, and records only once started', () => {
    const store = makeStore();
    store.dispatch(lineAdded({ itemId: 'p1', variant: 'bundle', quantity: 1 }));
    expect(store.recorder.installed).toBe(false);
    expect(store.recorder.status().count).toBe(0);
    expect(store.recorder.exportLog()).toBeNull();
    expect(() => store.recorder.start()).toThrow(/not loaded/);
    // Installed later (the QA panel opening): it sees the store's actions from then on.
    const seen = vi.fn();
    store.recorder.subscribe(seen);
    installRecorder(store);
    expect(seen).toHaveBeenCalled();
    store.dispatch(lineAdded({ itemId: 'p2', variant: 'bundle', quantity: 1 }));
    expect(store.recorder.status()).toMatchObject({ recording: false, count: 0 });
    store.recorder.start();
    store.dispatch(lineAdded({ itemId: 'p3', variant: 'bundle', quantity: 1 }));
    expect(store.recorder.status()).toMatchObject({ recording: true, count: 1 });
    expect((exported(store).log.preloadedState.cart as { items: object }).items).toEqual({ p1_bundle: 1, p2_bundle: 1 });
  });

  it('records start-up (PERSIST, REHYDRATE) so a reload-time bug replays too', async () => {
    const storage = memoryStorage();
    storage.data[`persist:${PERSIST_KEY}`] = JSON.stringify({ cart: JSON.stringify({ items: { p1_bundle: 2 }, rev: 4, pending: [] }), _persist: '{"version":1,"rehydrated":true}' });
    // Recording from store creation, as main.tsx does: RTK Query's registration is in the log.
    const store = makeStore(undefined, { now: clock() });
    installRecorder(store, { record: true });
    await startPersistence(store, { storage });
    store.dispatch(lineAdded({ itemId: 'p2', variant: 'bundle', quantity: 1 }));
    const { log } = exported(store);
    expect(log.actions.map((a) => a.type)).toEqual(expect.arrayContaining(['api/config/middlewareRegistered', 'persist/PERSIST', 'persist/REHYDRATE', 'cart/lineAdded']));
    const final = replay(store, log).at(-1)!;
    expect(final).toEqual(log.finalState);
    expect((final.cart as { items: object }).items).toEqual({ p1_bundle: 2, p2_bundle: 1 });
  });
});

describe('replay into the running app', () => {
  /** A shopper's log: a guest line and heart, then a login (whose cart merge runs to the end). */
  async function recordedLog() {
    const source = recordingStore();
    source.dispatch(lineAdded({ itemId: 'p1', variant: 'Red|', quantity: 2 }));
    source.dispatch(wishlistToggled('p2'));
    source.dispatch(loggedIn({ token: JWT }));
    await vi.waitFor(() => expect(source.getState().cart).toMatchObject({ pending: [], sync: { status: 'idle', needsMerge: false } }));
    source.recorder.stop();
    return serializeActionLog(source.recorder.exportLog()!);
  }

  it('steps through a log, keeps side effects and persistence quiet, and gives the app its state back', async () => {
    const storage = memoryStorage();
    const store = makeStore(undefined, { now: clock() });
    installRecorder(store, { record: true });
    await startPersistence(store, { storage });
    store.dispatch(lineAdded({ itemId: 'mine', variant: 'bundle', quantity: 1 }));
    await new Promise((r) => setTimeout(r, 30));
    const ownState = store.getState();
    const writesBefore = storage.writes;
    const stored = { ...storage.data };

    const text = await recordedLog();
    const result = loadLog(store, text, 'bug.json');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const session = replayerFor(store);
    expect(session.load(text, 'bug.json')).toBe(true);
    // Position p shows the state after p actions (the login also made the listeners report news).
    const after = (type: string) => result.loaded.log.actions.findIndex((a) => a.type === type) + 1;
    expect(session.length).toBe(result.loaded.log.actions.length);
    // The session as the panel shows it is store state: DevTools follows a replay.
    const { log } = result.loaded;
    expect(store.getState().qa).toMatchObject({ replaying: false, position: 0, error: null, log: { name: 'bug.json' } });
    expect(store.getState().qa.log!.steps).toEqual(log.actions.map((a, i) => ({ type: a.type, at: log.times[i]! - log.startedAt })));

    session.show(after('cart/lineAdded'));
    expect(store.getState().qa).toMatchObject({ replaying: true, position: after('cart/lineAdded') });
    expect(store.getState().cart.items).toEqual({ 'p1_Red|': 2 });
    expect(store.getState().wishlist.ids).toEqual([]);
    session.show(session.length);
    expect(store.getState().session).toMatchObject({ status: 'authenticated', token: REDACTED });
    // Back to an earlier step.
    session.show(after('wishlist/toggled'));
    expect(store.getState().qa.position).toBe(after('wishlist/toggled'));
    expect(store.getState().wishlist.ids).toEqual(['p2']);
    expect(store.getState().session.status).toBe('anonymous');
    session.show(session.length);

    // While replaying, a cart change in the replayed (logged-in) app queues nothing for the server
    // and no request leaves (MSW fails the test on any unhandled request).
    const replayedCart = store.getState().cart;
    store.dispatch(lineAdded({ itemId: 'p5', variant: 'Red|', quantity: 1 }));
    await new Promise((r) => setTimeout(r, 30));
    expect(store.getState().cart.items['p5_Red|']).toBe(1);
    expect(store.getState().cart.pending).toEqual(replayedCart.pending);
    expect(store.getState().cart.sync).toEqual(replayedCart.sync);
    // Nothing replayed reached localStorage.
    expect(storage.writes).toBe(writesBefore);
    expect(storage.data).toEqual(stored);
    // The recorder stopped where the replay began.
    expect(store.recorder.status().recording).toBe(false);

    // A file refused meanwhile is reported and changes nothing else.
    expect(session.load('not json', 'other.json')).toBe(false);
    expect(store.getState().qa).toMatchObject({ replaying: true, position: session.length, log: { name: 'bug.json' }, error: expect.stringMatching(/not JSON/) });

    session.exit();
    expect(store.getState().qa).toMatchObject({ replaying: false, log: { name: 'bug.json' } });
    expect(store.getState().cart).toEqual(ownState.cart);
    expect(store.getState().session).toEqual(ownState.session);
    await settle();
  });

  it('answers server calls with an error while replaying', async () => {
    let calls = 0;
    mswServer.use(http.get('*/api/settings', () => ((calls += 1), HttpResponse.json({ success: true, settings: {} }))));
    const store = makeStore();
    store.dispatch({ type: 'qa/replayStarted' });
    const { catalogApi } = await import('../../../src/features/catalog/catalogApi');
    const endpoints = catalogApi.endpoints as Record<string, { initiate: (arg?: unknown) => unknown }>;
    const name = Object.keys(endpoints).find((k) => /settings/i.test(k))!;
    const result = (await store.dispatch(endpoints[name]!.initiate(undefined) as never)) as { error?: { message: string } };
    expect(result.error?.message).toMatch(/paused while a QA log is replayed/);
    expect(calls).toBe(0);
  });

  it('ignores other tabs’ stored copies while replaying', () => {
    const store = makeStore();
    store.dispatch({ type: 'qa/replayStarted' });
    store.dispatch(stateReplaced({ ...(toLogValue(store.getState()) as unknown as LogState), wishlist: { ids: ['x'], rev: 1 } }));
    store.dispatch({ type: REHYDRATE, key: PERSIST_KEY, payload: { wishlist: { ids: ['other'], rev: 9 } }, crossTab: true });
    expect(store.getState().wishlist.ids).toEqual(['x']);
  });

  it('refuses a corrupt or foreign file as a whole, applying nothing', async () => {
    const store = makeStore();
    installRecorder(store);
    const before = store.getState();
    const good = await recordedLog();
    const tampered = JSON.parse(good) as { steps: Array<{ type: string }> };
    tampered.steps[0]!.type = 'cart/lineRemoved';
    for (const text of ['not json', '{"format":"other"}', JSON.stringify(tampered), good.slice(0, -40)]) {
      expect(loadLog(store, text, 'x.json')).toMatchObject({ ok: false, error: expect.stringMatching(/^This file cannot be replayed: /) });
    }
    // A log whose reducer run fails half-way is refused too.
    const broken = JSON.parse(good) as { payload: string };
    broken.payload = JSON.stringify([{ type: 'session/loggedIn', payload: null }]);
    (broken as unknown as { steps: unknown[] }).steps = [{ type: 'session/loggedIn', at: 1 }];
    const result = loadLog(store, JSON.stringify(broken), 'x.json');
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/Step 0 \(session\/loggedIn\) could not be replayed/) });
    expect(store.getState()).toBe(before);
  });
});
