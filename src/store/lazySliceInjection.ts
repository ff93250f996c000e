import type { Slice } from '@reduxjs/toolkit';

/**
 * Where the slices of lazily loaded routes join the root reducer. A lazy slice's module calls
 * `injectLazySlice(slice)` when its route's chunk loads; store.ts hands over the root reducer once
 * it is made (`receiveLazySlices`). Features thus reach the root reducer without importing the
 * store's composition (store.ts imports every eager feature): this module imports nothing.
 */
interface LazySliceTarget {
  inject(slice: Slice): unknown;
}

let target: LazySliceTarget | undefined;
const waiting: Slice[] = [];

/** Lazily injected slices' events for DevTools' Dispatcher, by feature. */
const lazyEvents: Record<string, Record<string, unknown>> = {};

/**
 * Adds `slice` to the root reducer (now, or as soon as there is one) and lists its events (its own
 * actions unless told) in DevTools' Dispatcher of stores made from then on. Its state is absent
 * until then: its selectors answer the initial state meanwhile.
 */
export function injectLazySlice(slice: Slice, events: Record<string, unknown> = slice.actions): void {
  lazyEvents[slice.reducerPath] = events;
  if (target) target.inject(slice);
  else waiting.push(slice);
}

/** Called once by store.ts with its root reducer. */
export function receiveLazySlices(rootReducer: LazySliceTarget): void {
  target = rootReducer;
  for (const slice of waiting.splice(0)) rootReducer.inject(slice);
}

/** The events of the lazy slices injected so far, by feature. */
export function listedLazyEvents(): Readonly<Record<string, Record<string, unknown>>> {
  return lazyEvents;
}
