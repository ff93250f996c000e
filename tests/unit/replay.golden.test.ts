import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { diffStates, parseActionLog, replayActionLog, type ActionLog } from '../../src/features/qa/actionLog';
import { createReplayReducer } from '../../src/features/qa/recorder';
import { selectProductSelection } from '../../src/features/catalog/catalogSlice';
import { selectStoreQuery } from '../../src/features/catalog/storeView';
import { selectBuyNow, selectCheckoutDraft } from '../../src/features/checkout/checkoutSlice';
import { selectLocation } from '../../src/features/router/routerSlice';
import { rootReducer, type RootState } from '../../src/store/store';
import { loadAllEndpoints } from '../utils/endpoints';

/**
 * Golden replays: logs recorded from real browser sessions (tests/e2e/qa.test.ts with
 * RECORD_GOLDEN=1) replayed through today's reducers must reach the state the app had then.
 * A failure means a reducer now treats a recorded event differently: if that change is intended,
 * record the logs again (see tests/replay/README.md).
 */
const dir = path.resolve(import.meta.dirname, '../replay/fixtures');
const names = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.log.json'))
  .map((f) => f.slice(0, -'.log.json'.length))
  .sort();

function load(name: string): { log: ActionLog; expected: unknown } {
  const parsed = parseActionLog(fs.readFileSync(path.join(dir, `${name}.log.json`), 'utf8'));
  if (!parsed.ok) throw new Error(`${name}: ${parsed.error}`);
  return { log: parsed.log, expected: JSON.parse(fs.readFileSync(path.join(dir, `${name}.expected.json`), 'utf8')) };
}

const replay = (log: ActionLog) => replayActionLog(log, () => createReplayReducer(rootReducer));

/**
 * Reducers are pure (STYLE rule 3): while replaying, reading the clock or randomness throws, so a
 * reducer that does it fails here even where the lint rule does not look (domain code, RTK, …).
 */
function forbidClockAndRandomness() {
  const forbidden = (what: string) => () => {
    throw new Error(`a reducer called ${what} during a replay`);
  };
  const RealDate = Date;
  class GuardedDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) forbidden('new Date()')();
      super(...(args as ConstructorParameters<typeof Date>));
    }
    static now = forbidden('Date.now()');
  }
  vi.stubGlobal('Date', GuardedDate);
  vi.spyOn(Math, 'random').mockImplementation(forbidden('Math.random()'));
  vi.spyOn(crypto, 'randomUUID').mockImplementation(forbidden('crypto.randomUUID()'));
  vi.spyOn(crypto, 'getRandomValues').mockImplementation(forbidden('crypto.getRandomValues()'));
}

beforeAll(loadAllEndpoints);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('golden replays', () => {
  it('has the recorded sessions of the shopping stories', () => {
    expect(names).toEqual(expect.arrayContaining(['browse-add-to-cart', 'login-merge', 'wishlist-rollback', 'checkout-place-order', 'checkout-verify', 'chat', 'store-product']));
  });

  describe.each(names)('%s', (name) => {
    it('replays to the recorded final state', () => {
      const { log, expected } = load(name);
      expect(log.actions.length).toBeGreaterThan(5);
      expect(diffStates(expected, replay(log).at(-1))).toEqual([]);
    });

    it('replays the same way twice, without reading the clock or randomness', () => {
      const { log } = load(name);
      forbidClockAndRandomness();
      const first = replay(log);
      const second = replay(log);
      expect(second).toEqual(first);
    });
  });

  it('store-product: the replay holds the filtered store page, the product’s colour and size, the buy-now item and the typed address', () => {
    const { log } = load('store-product');
    const states = replay(log) as unknown as RootState[];
    const storeStates = states.filter((st) => selectLocation(st).pathname === '/collection');
    // The tester's last store page: Figures, price up to $45, page 2 (the url's own parameters).
    expect(selectLocation(storeStates.at(-1)!).search).toBe('?category=Figures&priceRange=45&page=2');
    expect(selectStoreQuery(storeStates.at(-1)!)).toMatchObject({ category: 'Figures', maxPrice: 45, page: 2 });
    const final = states.at(-1)!;
    const item = selectLocation(final).state as { productId: string; variant: string; quantity: number };
    expect(selectLocation(final).pathname).toBe('/place-order');
    const { color, size } = selectProductSelection(final, item.productId);
    expect(color && size).toBeTruthy();
    expect(item).toEqual({ productId: item.productId, variant: `${color}|${size}`, quantity: 1 });
    // The checkout draft as the shopper typed it on /place-order (the rest prefilled from the account).
    expect(selectBuyNow(final)).toEqual(item);
    const draft = selectCheckoutDraft(final);
    expect(draft.form).toMatchObject({ firstName: 'Quinn', street: '1 Replay Street', city: 'Portland', state: 'OR', zipcode: '97201', phone: '5035550142' });
    expect(draft.edited).toMatchObject({ street: true, city: true, state: true, zipcode: true, phone: true });
  });

  it('an old log (format version 1, slices `productSelection` and `bundleView`) replays to the same state as today’s', () => {
    const old = parseActionLog(fs.readFileSync(path.join(dir, 'v1/store-product.log.json'), 'utf8'));
    if (!old.ok) throw new Error(old.error);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'v1/store-product.log.json'), 'utf8')).version).toBe(1);
    const { log, expected } = load('store-product');
    const final = replay(old.log).at(-1)!;
    expect(diffStates(expected, final)).toEqual([]);
    expect(final).toEqual(replay(log).at(-1));
    expect(Object.keys(final)).not.toContain('productSelection');
  });

  it('the guard catches a reducer that reads the clock', () => {
    forbidClockAndRandomness();
    const impure = () => (state: unknown) => ({ ...(state as object), at: Date.now() });
    expect(() => replayActionLog({ preloadedState: {}, actions: [{ type: 'x/happened' }] }, impure)).toThrow(/a reducer called Date.now\(\)/);
    const random = () => (state: unknown) => ({ ...(state as object), id: Math.random() });
    expect(() => replayActionLog({ preloadedState: {}, actions: [{ type: 'x/happened' }] }, random)).toThrow(/Math.random\(\)/);
  });
});
