import { useState } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, LazyFeature, RootState } from './types';

/** The only way screens reach the store (STYLE rule 1). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * The store's clock, read once per mounted component (time is a dependency, not a global, so
 * tests pin it through `makeStore(…, { now })`).
 */
export function useNow(): number {
  const store = useAppStore();
  const [now] = useState(() => store.deps.now());
  return now;
}

/**
 * Starts a lazily loaded feature's listeners in this store (once per store). While rendering, not
 * in an effect: the screen's children dispatch from their own effects, which run before a parent's.
 * Starting listeners dispatches nothing, so this is safe during render.
 */
export function useFeature(feature: LazyFeature): void {
  const store = useAppStore();
  useState(() => store.startFeature(feature));
}
