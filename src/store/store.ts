import { combineSlices, configureStore, isAnyOf, type Action, type ActionCreator, type Slice } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';
import { baseApi } from '../api/baseApi';
import type { SocketFactory } from '../api/socket';
import { setupCartListeners } from '../features/cart/cartListeners';
import { selectProducts } from '../features/catalog/catalogApi';
import { cartSlice } from '../features/cart/cartSlice';
import { setupCheckoutCleanupListeners } from '../features/checkout/checkoutCleanup';
import { savedSlice } from '../features/saved/savedSlice';
import { accountFormsSlice } from '../features/session/accountFormsSlice';
import { sessionSlice } from '../features/session/sessionSlice';
import { setupSessionListeners } from '../features/session/sessionListeners';
import { setupToastListeners } from '../features/ui/toasts';
import { uiSlice } from '../features/ui/uiSlice';
import { setupWishlistListeners } from '../features/wishlist/wishlistListeners';
import { heartClicked, wishlistSlice } from '../features/wishlist/wishlistSlice';
import { wishlistViewSlice } from '../features/wishlist/wishlistViewSlice';
import { selectWishlistIds } from '../features/wishlist/wishlistSelectors';
import { qaSlice } from '../features/qa/qaSlice';
import { createNavigatorSlot } from '../features/router/navigator';
import { setupRouterListeners } from '../features/router/routerListeners';
import { routerSlice } from '../features/router/routerSlice';
import { setupCatalogListeners } from '../features/catalog/catalogListeners';
import { setupDeletedProductsListener } from '../features/catalog/deletedProductsListener';
import { catalogSlice } from '../features/catalog/catalogSlice';
import { setupBundleListeners } from '../features/bundles/bundleListeners';
import { bundlesSlice } from '../features/bundles/bundlesSlice';
import { setupRealtimeListeners } from '../features/realtime/realtimeListeners';
import { realtimeSlice } from '../features/realtime/realtimeSlice';
import { defaultDeps, type StoreDeps } from './deps';
import * as events from './events';
import { devToolsEnabled, devToolsOptions } from './devtools';
import { createAppListenerMiddleware, type AppStartListening } from './listenerMiddleware';
import { createRecorderSlot } from '../features/qa/recorderSlot';
import { createSavedStateSignal, holdUntilRestored } from './savedState';
import { quietWhileReplaying, withStateReplacement } from '../features/qa/replayState';

/**
 * The slices of lazily loaded routes (issue 16): neither downloaded nor run by the first view. Each
 * declares itself here from its own module
 * (`declare module '../../store/store' { interface LazyLoadedSlices extends WithSlice<typeof xSlice> {} }`)
 * and is injected into `rootReducer` when that module loads (`slice.injectInto(rootReducer)` with
 * `listLazyEvents`, in its route's chunk); its listeners start with the screen that needs them
 * (`LazyFeature`, store/hooks.ts `useFeature`). Its state is absent until then: read it through the
 * injected slice's selectors, which answer the initial state meanwhile. Replays inject them all up
 * front (store/lazySlices.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

/** Exported for replays (scripts/replay.ts, golden tests): the reducers alone, without the store. */
export const rootReducer = combineSlices(baseApi, uiSlice, sessionSlice, cartSlice, savedSlice, wishlistSlice, qaSlice, realtimeSlice, routerSlice, catalogSlice, bundlesSlice, wishlistViewSlice, accountFormsSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Lazily injected slices' events for DevTools' Dispatcher, by feature. */
const lazyEvents: Record<string, Record<string, unknown>> = {};

/**
 * Lists a lazy slice's events (its own actions unless told) in DevTools' Dispatcher of stores made
 * from then on. Called by the slice's module, beside `slice.injectInto(rootReducer)`.
 */
export function listLazyEvents(slice: Slice, events: Record<string, unknown> = slice.actions): void {
  lazyEvents[slice.reducerPath] = events;
}

/**
 * Every event a developer may want to fire from Redux DevTools' Dispatcher, named
 * `<feature>.<event>` (cross-feature events under `events`): the eager slices', and those of the
 * lazy slices injected so far (in development main.tsx injects them all before making the store).
 * Only plain action creators: thunks and listeners are not listed.
 */
export const dispatcherActionCreators = (): Record<string, ActionCreator<Action>> => Object.fromEntries(
  Object.entries({
    events,
    ui: uiSlice.actions,
    session: sessionSlice.actions,
    cart: cartSlice.actions,
    saved: savedSlice.actions,
    wishlist: wishlistSlice.actions,
    accountForms: accountFormsSlice.actions,
    catalog: catalogSlice.actions,
    bundles: bundlesSlice.actions,
    ...lazyEvents,
  }).flatMap(([feature, creators]) =>
    Object.entries(creators as Record<string, unknown>)
      .filter((entry): entry is [string, ActionCreator<Action>] => typeof entry[1] === 'function' && 'type' in entry[1])
      .map(([name, creator]) => [`${feature}.${name}`, creator]),
  ),
);

/**
 * What tests and callers may preload: the list slices may be given in part (`{ cart: { items } }`);
 * their bookkeeping fields (revision, sync queue) get their initial values.
 */
export type PreloadedState = Omit<Partial<RootState>, 'cart' | 'saved' | 'wishlist'> & {
  cart?: Partial<RootState['cart']>;
  saved?: Partial<RootState['saved']>;
  wishlist?: Partial<RootState['wishlist']>;
};

function withListDefaults(preloaded: PreloadedState | undefined): Partial<RootState> | undefined {
  if (!preloaded) return undefined;
  const { cart, saved, wishlist, ...rest } = preloaded;
  return {
    ...rest,
    ...(cart ? { cart: { ...cartSlice.getInitialState(), ...cart } } : {}),
    ...(saved ? { saved: { ...savedSlice.getInitialState(), ...saved } } : {}),
    ...(wishlist ? { wishlist: { ...wishlistSlice.getInitialState(), ...wishlist } } : {}),
  };
}

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

/**
 * Builds a store (STYLE: the Redux template's `makeStore`). `deps` supply time and ids to thunks
 * and listeners; reducers never call them. Two parts are not built in, so that the first view
 * neither downloads nor runs them (issue 16): persistence starts with `startPersistence(store)`
 * (store/persistence.ts; main.tsx calls it after hydration, most tests never) and the QA recorder
 * with `installRecorder(store)` (features/qa/recorder.ts) — until then `store.recorder` is an empty slot.
 */
export function makeStore(preloadedState?: PreloadedState, deps: Partial<StoreDeps> = {}, options: MakeStoreOptions = {}) {
  const storeDeps: StoreDeps = { ...defaultDeps, ...deps };
  const listener = createAppListenerMiddleware(storeDeps);
  // QA (features/qa/recorder.ts): records actions; a replayed state is swapped in and never persisted.
  const recorder = createRecorderSlot();
  const reducer = withStateReplacement(rootReducer);

  // Before the saved state is back, these wait for it (store/savedState.ts).
  const savedState = createSavedStateSignal(!options.restoresSavedState);
  const waitsForSavedState = isAnyOf(heartClicked, events.lineAdded, events.loggedIn, events.loggedOut);

  const store = configureStore({
    reducer,
    preloadedState: withListDefaults(preloadedState) as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: storeDeps },
        // redux-persist's own actions carry callbacks (store/persistence.ts); nothing else is exempt.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(holdUntilRestored(savedState, waitsForSavedState), listener.middleware)
        .concat(baseApi.middleware, recorder.middleware),
    devTools: devToolsEnabled ? { ...devToolsOptions, actionCreators: dispatcherActionCreators() } : false,
  });

  // Every feature's listener effects pause while the QA panel shows a replayed state.
  const startAppListening = quietWhileReplaying(listener.startListening as unknown as AppStartListening);
  setupSessionListeners(startAppListening);
  setupToastListeners(startAppListening);
  setupCartListeners(startAppListening);
  setupWishlistListeners(startAppListening, { selectProducts });
  setupCheckoutCleanupListeners(startAppListening);
  setupRealtimeListeners(startAppListening, options.socketFactory);
  // The router lends its navigate to the store while it is mounted (features/router/LocationSync).
  const navigator = createNavigatorSlot();
  setupRouterListeners(startAppListening, navigator);
  setupCatalogListeners(startAppListening);
  // Deleted products leave the cart, saved-for-later list and wishlist, with a notice (issue 18).
  setupDeletedProductsListener(startAppListening, { selectWishlistIds });
  setupBundleListeners(startAppListening);

  // Lazy features (LazyLoadedSlices): their listeners join the store's when first asked for.
  const startedFeatures = new Set<string>();
  const startFeature = (feature: LazyFeature) => {
    if (startedFeatures.has(feature.name)) return;
    startedFeatures.add(feature.name);
    feature.setup(startAppListening, options);
  };
  return Object.assign(store, { deps: storeDeps, recorder, navigator, savedState, startFeature });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
