import { combineSlices, configureStore, isAnyOf, type Action, type ActionCreator } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist/es/constants';
import { baseApi } from '../api/baseApi';
import { setupCartListeners } from '../features/cart';
import { selectProducts } from '../features/catalog';
import { cartSlice } from '../features/cart';
import { setupCheckoutCleanupListeners } from '../features/checkout';
import { savedSlice } from '../features/saved';
import { accountFormsSlice } from '../features/session';
import { sessionSlice } from '../features/session';
import { setupSessionListeners } from '../features/session';
import { setupToastListeners } from '../features/ui';
import { uiSlice } from '../features/ui';
import { setupWishlistListeners } from '../features/wishlist';
import { heartClicked, wishlistSlice } from '../features/wishlist';
import { wishlistViewSlice } from '../features/wishlist';
import { selectWishlistIds } from '../features/wishlist';
import { qaSlice } from '../features/qa';
import { createNavigatorSlot } from '../features/router';
import { setupRouterListeners } from '../features/router';
import { routerSlice } from '../features/router';
import { setupCatalogListeners } from '../features/catalog';
import { setupDeletedProductsListener } from '../features/catalog';
import { catalogSlice } from '../features/catalog';
import { setupBundleListeners } from '../features/bundles';
import { bundlesSlice } from '../features/bundles';
import { setupRealtimeListeners } from '../features/realtime';
import { realtimeSlice } from '../features/realtime';
import { reviewsEvents, reviewsSlice, setupReviewsListeners } from '../features/reviews';
import { defaultDeps, type StoreDeps } from './deps';
import * as events from './events';
import { devToolsEnabled, devToolsOptions } from './devtools';
import { createAppListenerMiddleware } from './listenerMiddleware';
import { listedLazyEvents, receiveLazySlices } from './lazySliceInjection';
import type { AppStartListening, AppStore, LazyFeature, LazyLoadedSlices, MakeStoreOptions, RootState } from './types';
import { createRecorderSlot } from '../features/qa';
import { createSavedStateSignal, holdUntilRestored } from './savedState';
import { quietWhileReplaying, withStateReplacement } from '../features/qa';

/**
 * The slices of lazily loaded routes: neither downloaded nor run by the first view. Each declares
 * its state from its own module (`declare module '../../store/types' { interface LazyLoadedSlices
 * extends WithSlice<typeof xSlice> {} }`) and is injected when that module loads
 * (`injectLazySlice`, store/lazySliceInjection.ts, in its route's chunk); its listeners start with
 * the screen that needs them (`LazyFeature`, store/hooks.ts `useFeature`). Replays inject them all
 * up front (store/lazySlices.ts).
 *
 * Exported for replays (scripts/replay.ts, golden tests): the reducers alone, without the store.
 */
export const rootReducer = combineSlices(baseApi, uiSlice, sessionSlice, cartSlice, savedSlice, wishlistSlice, qaSlice, realtimeSlice, routerSlice, catalogSlice, bundlesSlice, wishlistViewSlice, accountFormsSlice, reviewsSlice).withLazyLoadedSlices<LazyLoadedSlices>();
receiveLazySlices(rootReducer);

/**
 * The state this reducer has is exactly the one store/types.ts declares (features read that one):
 * a slice added here without its `EagerSlices` declaration, or the other way round, fails to compile.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type RootStateIsComposed = Same<ReturnType<typeof rootReducer>, RootState> extends true ? true : never;
const rootStateIsComposed: RootStateIsComposed = true;
void rootStateIsComposed;

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
    reviews: reviewsEvents,
    ...listedLazyEvents(),
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

/**
 * Builds a store (STYLE: the Redux template's `makeStore`). `deps` supply time and ids to thunks
 * and listeners; reducers never call them. Two parts are not built in, so that the first view
 * neither downloads nor runs them: persistence starts with `startPersistence(store)`
 * (store/persistence.ts; main.tsx calls it after hydration, most tests never) and the QA recorder
 * with `installRecorder(store)` (features/qa/recorder.ts) — until then `store.recorder` is an empty slot.
 */
export function makeStore(preloadedState?: PreloadedState, deps: Partial<StoreDeps> = {}, options: MakeStoreOptions = {}): AppStore {
  const storeDeps: StoreDeps = { ...defaultDeps, ...deps };
  const listener = createAppListenerMiddleware(storeDeps);
  // QA (features/qa/recorder.ts): records actions; a replayed state is swapped in and never persisted.
  const recorder = createRecorderSlot(rootReducer);
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
  // Deleted products leave the cart, saved-for-later list and wishlist, with a notice.
  setupDeletedProductsListener(startAppListening, { selectWishlistIds });
  setupBundleListeners(startAppListening);
  setupReviewsListeners(startAppListening);

  // Lazy features (LazyLoadedSlices): their listeners join the store's when first asked for.
  const startedFeatures = new Set<string>();
  const startFeature = (feature: LazyFeature) => {
    if (startedFeatures.has(feature.name)) return;
    startedFeatures.add(feature.name);
    feature.setup(startAppListening, options);
  };
  return Object.assign(store, { deps: storeDeps, recorder, navigator, savedState, startFeature });
}

export type { AppDispatch, AppStore, LazyFeature, MakeStoreOptions, RootState } from './types';
