import { combineSlices, configureStore, type Action, type ActionCreator } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, type Storage } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import { baseApi } from '../api/baseApi';
import type { SocketFactory } from '../api/socket';
import { setupCartListeners } from '../features/cart/cartListeners';
import { selectProducts } from '../features/catalog/catalogApi';
import { cartSlice } from '../features/cart/cartSlice';
import { setupChatListeners } from '../features/chat/chatListeners';
import { chatSlice } from '../features/chat/chatSlice';
import { setupCheckoutListeners } from '../features/checkout/checkoutListeners';
import { checkoutSlice } from '../features/checkout/checkoutSlice';
import { setupContactListeners } from '../features/contact/contactListeners';
import { contactSlice } from '../features/contact/contactSlice';
import { setupOrdersListeners } from '../features/orders/ordersListeners';
import { ordersSlice } from '../features/orders/ordersSlice';
import { savedSlice } from '../features/saved/savedSlice';
import { accountFormsSlice } from '../features/session/accountFormsSlice';
import { sessionSlice } from '../features/session/sessionSlice';
import { setupSessionListeners } from '../features/session/sessionListeners';
import { setupToastListeners } from '../features/ui/toasts';
import { uiSlice } from '../features/ui/uiSlice';
import { setupWishlistListeners } from '../features/wishlist/wishlistListeners';
import { wishlistSlice } from '../features/wishlist/wishlistSlice';
import { wishlistViewSlice } from '../features/wishlist/wishlistViewSlice';
import { selectWishlistIds } from '../features/wishlist/wishlistSelectors';
import { qaSlice } from '../features/qa/qaSlice';
import { createNavigatorSlot } from '../features/router/navigator';
import { setupRouterListeners } from '../features/router/routerListeners';
import { routerSlice } from '../features/router/routerSlice';
import { setupCatalogListeners } from '../features/catalog/catalogListeners';
import { setupDeletedProductsListener } from '../features/catalog/deletedProductsListener';
import { productSelectionSlice } from '../features/catalog/productSelectionSlice';
import { setupBundleListeners } from '../features/bundles/bundleListeners';
import { bundleViewSlice } from '../features/bundles/bundleViewSlice';
import { setupRealtimeListeners } from '../features/realtime/realtimeListeners';
import { realtimeSlice } from '../features/realtime/realtimeSlice';
import { defaultDeps, type StoreDeps } from './deps';
import * as events from './events';
import { devToolsEnabled, devToolsOptions } from './devtools';
import { createAppListenerMiddleware, type AppStartListening } from './listenerMiddleware';
import { createPersistConfig } from './persist';
import { createRecorder, createReplayReducer, pausedWhileReplaying, quietWhileReplaying, withStateReplacement } from './recorder';

/** Exported for replays (scripts/replay.ts, golden tests): the reducers alone, without the store. */
export const rootReducer = combineSlices(baseApi, uiSlice, sessionSlice, cartSlice, savedSlice, wishlistSlice, checkoutSlice, qaSlice, realtimeSlice, ordersSlice, chatSlice, routerSlice, productSelectionSlice, bundleViewSlice, wishlistViewSlice, accountFormsSlice, contactSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Every event a developer may want to fire from Redux DevTools' Dispatcher, named
 * `<feature>.<event>` (cross-feature events under `events`). Only plain action creators: thunks
 * and listeners are not listed.
 */
export const dispatcherActionCreators: Record<string, ActionCreator<Action>> = Object.fromEntries(
  Object.entries({
    events,
    ui: uiSlice.actions,
    session: sessionSlice.actions,
    cart: cartSlice.actions,
    saved: savedSlice.actions,
    wishlist: wishlistSlice.actions,
    checkout: checkoutSlice.actions,
    accountForms: accountFormsSlice.actions,
    contact: contactSlice.actions,
    orders: ordersSlice.actions,
    chat: chatSlice.actions,
    productSelection: productSelectionSlice.actions,
    bundleView: bundleViewSlice.actions,
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
  /** Where redux-persist reads and writes (default: localStorage). Tests pass an in-memory one. */
  storage?: Storage;
  /** Start the QA recorder at once (main.tsx: in development and in QA mode). Off by default. */
  record?: boolean;
  /** The recorder's ring buffer size (default 5,000 actions). */
  recorderCapacity?: number;
  /** How the real-time socket is made (default: socket.io-client, loaded lazily). Tests pass a fake. */
  socketFactory?: SocketFactory;
}

/**
 * Builds a store (STYLE: the Redux template's `makeStore`). `deps` supply time and ids to thunks
 * and listeners; reducers never call them. Persistence starts only when `persistStore` is called
 * on the result (main.tsx does; most tests do not).
 */
export function makeStore(preloadedState?: PreloadedState, deps: Partial<StoreDeps> = {}, options: MakeStoreOptions = {}) {
  const storeDeps: StoreDeps = { ...defaultDeps, ...deps };
  const listener = createAppListenerMiddleware(storeDeps);
  // QA (store/recorder.ts): records actions; a replayed state is swapped in and never persisted.
  const recorder = createRecorder({ now: storeDeps.now, createReducer: () => createReplayReducer(rootReducer), capacity: options.recorderCapacity });
  let currentState: () => unknown = () => undefined;
  const storage = pausedWhileReplaying(options.storage, () => currentState());
  const reducer = withStateReplacement(persistReducer(createPersistConfig<RootState>(storage), rootReducer));

  const store = configureStore({
    reducer,
    preloadedState: withListDefaults(preloadedState) as (RootState & PersistPartial) | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: storeDeps },
        // redux-persist's own actions carry callbacks; nothing else is exempt.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(listener.middleware)
        .concat(baseApi.middleware, recorder.middleware),
    devTools: devToolsEnabled ? { ...devToolsOptions, actionCreators: dispatcherActionCreators } : false,
  });

  currentState = store.getState;
  // Every feature's listener effects pause while the QA panel shows a replayed state.
  const startAppListening = quietWhileReplaying(listener.startListening as unknown as AppStartListening);
  setupSessionListeners(startAppListening);
  setupToastListeners(startAppListening);
  setupCartListeners(startAppListening);
  setupWishlistListeners(startAppListening, { selectProducts });
  setupCheckoutListeners(startAppListening);
  setupContactListeners(startAppListening);
  setupRealtimeListeners(startAppListening, options.socketFactory);
  setupOrdersListeners(startAppListening);
  setupChatListeners(startAppListening);
  // The router lends its navigate to the store while it is mounted (features/router/LocationSync).
  const navigator = createNavigatorSlot();
  setupRouterListeners(startAppListening, navigator);
  setupCatalogListeners(startAppListening);
  // Deleted products leave the cart, saved-for-later list and wishlist, with a notice (issue 18).
  setupDeletedProductsListener(startAppListening, { selectWishlistIds });
  setupBundleListeners(startAppListening);

  if (options.record) recorder.start();
  return Object.assign(store, { deps: storeDeps, recorder, navigator });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
