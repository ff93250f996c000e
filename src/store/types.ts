import type { Dispatch, Store, ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { baseApi } from '../api/baseApi';
import type { SocketFactory } from '../api/socket';
import type { StoreDeps } from './deps';
import type { SavedStateSignal } from './savedState';
import type { NavigatorSlot, RecorderSlot } from './slots';

/**
 * The store's types, for every feature to import. This module imports nothing that leads back here
 * (the two slot types come from store/slots.ts, a leaf), so a feature typing
 * its selectors with RootState never imports the store's composition (store.ts), and no import
 * circle runs through the store.
 *
 * The root state is declared piece by piece: each slice's module adds its part to
 * `EagerSlices` (slices in the first view) or `LazyLoadedSlices` (slices of lazily loaded routes) by
 * declaration merging (`declare module '../../store/types' { interface EagerSlices extends
 * WithSlice<typeof cartSlice> {} }`). store.ts checks that the reducer it composes has exactly
 * this state.
 */
export interface EagerSlices {
  [baseApi.reducerPath]: ReturnType<typeof baseApi.reducer>;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

/** Lazy slices are absent until their route's chunk loads: read them through their slice's selectors. */
export type RootState = EagerSlices & Partial<LazyLoadedSlices>;

export type AppDispatch = ThunkDispatch<RootState, StoreDeps, UnknownAction> & Dispatch<UnknownAction>;

/** `startListening` typed for the app: features export `setupXListeners(startAppListening)`. */
export type AppStartListening = TypedStartListening<RootState, AppDispatch, StoreDeps>;

export interface MakeStoreOptions {
  /**
   * The saved state is read back later (main.tsx, with store/persistence.ts): until it is,
   * `store.savedState` says it is not restored and the shopper's own pages show their skeleton.
   * Off (tests, the server render): there is nothing to wait for.
   */
  restoresSavedState?: boolean;
  /** How the real-time socket is made (default: socket.io-client, loaded lazily). Tests pass a fake. */
  socketFactory?: SocketFactory;
}

/** A lazily loaded feature's side effects: started once per store, by the screen that needs them. */
export interface LazyFeature {
  readonly name: string;
  setup(startAppListening: AppStartListening, options: MakeStoreOptions): unknown;
}

/** What `makeStore` builds: a Redux store with the app's dispatch, and its injected parts. */
export interface AppStore extends Store<RootState, UnknownAction> {
  dispatch: AppDispatch;
  deps: StoreDeps;
  /** The QA recorder's slot (features/qa). */
  recorder: RecorderSlot;
  /** The router's navigate, lent to listeners (features/router). */
  navigator: NavigatorSlot;
  savedState: SavedStateSignal;
  startFeature(feature: LazyFeature): void;
}
