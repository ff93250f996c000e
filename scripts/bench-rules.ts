/**
 * The catalog rules on the client: a store holding a generated catalog of N products
 * (in memory), then a scripted shopper session of filter / sort / page / search changes, each
 * timed as the store page computes it: selectStorePage + selectColorFacet, the two selectors
 * StorePage.tsx reads. Prints one JSON line { size, medianMs, p95Ms, maxMs, firstMs }.
 *   node --import tsx scripts/bench-rules.ts 10000
 */
import { configureStore } from '@reduxjs/toolkit';
import { performance } from 'node:perf_hooks';
import { baseApi } from '../src/api/baseApi';
import type { Settings } from '../src/domain/types';
import { catalogApi, normaliseProducts } from '../src/features/catalog/catalogApi';
import { DEFAULT_QUERY, type StoreQuery } from '../src/domain/storeQuery';
import { selectColorFacet, selectStorePage } from '../src/features/catalog/storeSelectors';
import type { RootState } from '../src/store/store';
import { benchWireProducts } from './bench-fixtures';

const size = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 5);

const store = configureStore({
  reducer: { [baseApi.reducerPath]: baseApi.reducer },
  // Production middleware only: the development checks are not shipped.
  middleware: (getDefault) => getDefault({ immutableCheck: false, serializableCheck: false }).concat(baseApi.middleware),
});
const settings: Settings = { hiddenCategories: [], hiddenProductTags: [], showSupportInOrders: true, shopName: 'LayerLoft', shopEmail: 'hello@layerloft.shop', testPayments: false };
await store.dispatch(catalogApi.util.upsertQueryData('getProducts', undefined, normaliseProducts({ success: true, products: benchWireProducts(size) })));
await store.dispatch(catalogApi.util.upsertQueryData('getSettings', undefined, settings));
const state = () => store.getState() as unknown as RootState;

/** One shopper's session: each step changes one thing, as a click in the filter panel does. */
function session(round: number): StoreQuery[] {
  const q = (patch: Partial<StoreQuery>, from: StoreQuery): StoreQuery => ({ ...from, ...patch });
  const steps: StoreQuery[] = [];
  let cur: StoreQuery = { ...DEFAULT_QUERY };
  const push = (patch: Partial<StoreQuery>) => steps.push((cur = q({ page: 1, ...patch }, cur)));
  push({});
  push({ page: 2 + round });
  push({ category: round % 2 ? 'Fidgets' : 'Figures' });
  push({ subCategories: round % 2 ? ['Puzzle_Toys'] : ['MARVEL', 'DC'] });
  push({ colors: ['Red'] });
  push({ colors: ['Red', 'Blue'] });
  push({ sort: 'price-asc' });
  push({ page: 3 });
  push({ availability: ['inStock'] });
  push({ maxPrice: 60 + round * 10 });
  push({ sort: 'newest' });
  push({ category: null, subCategories: [], colors: [] });
  push({ search: ['drag', 'robot', 'vase', 'cosmic', 'no. 1'][round % 5]! });
  push({ section: 'sale' });
  push({ sort: 'name-asc' });
  push({ search: '', section: null, availability: [] });
  push({ page: 5 });
  push({ sort: 'price-desc', maxPrice: 150 });
  push({ category: 'Decoration' });
  push({ subCategories: ['Wall_Art'], sort: 'featured' });
  return steps;
}

const times: number[] = [];
let firstMs = NaN;
for (let r = 0; r < rounds; r++) {
  for (const query of session(r)) {
    const s = state();
    const t0 = performance.now();
    const page = selectStorePage(s, query);
    const colors = selectColorFacet(s, query.category);
    const ms = performance.now() - t0;
    if (Number.isNaN(firstMs)) firstMs = ms;
    else times.push(ms);
    if (page.total < 0 || colors.length < 0) throw new Error('unreachable');
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
const round3 = (x: number) => +x.toFixed(3);
console.log(JSON.stringify({ size, interactions: times.length, medianMs: round3(at(0.5)), p95Ms: round3(at(0.95)), maxMs: round3(times[times.length - 1]!), firstMs: round3(firstMs) }));
// RTK Query keeps an unsubscribed cache entry alive for 60 s with a timer: do not wait for it.
process.exit(0);
