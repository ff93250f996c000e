import { addListener, type Reducer } from '@reduxjs/toolkit';
import { persistReducer, persistStore, type Persistor, type Storage } from 'redux-persist';
import { REHYDRATE } from 'redux-persist/es/constants';
// Not 'redux-persist/lib/storage': that one breaks the Vite build at run time (STACK.md).
import defaultStorage from 'redux-persist/es/storage';
import { toastRequested } from './events';
import { createPersistConfig, restoreLostData, RESTORE_NOTICE } from './persist';
import { isReplaying, withStateReplacement } from '../features/qa';
import { rootReducer, type AppStore, type RootState } from './store';

/**
 * Local persistence (SPEC §4), started on a store that was made without it. The page hydrates
 * first, from the state the server rendered it with (a guest's); then main.tsx loads this module
 * (redux-persist and the persist config are no part of the first view), which wraps the
 * root reducer in redux-persist's and reads the saved cart, saved-for-later list, wishlist and
 * token back (REHYDRATE). The shopper's parts of the page fill in then, in space reserved for them;
 * pages that are the shopper's own show their skeleton until `store.savedState` says it is back.
 */

/** redux-persist storage that writes nothing while a QA replay is shown (reads pass through). */
export function pausedWhileReplaying(storage: Storage | undefined, getState: () => unknown): Storage {
  const base = storage ?? (defaultStorage as Storage);
  return {
    getItem: (key: string) => base.getItem(key),
    setItem: (key: string, value: unknown) => (isReplaying(getState()) ? Promise.resolve() : base.setItem(key, value)),
    removeItem: (key: string) => (isReplaying(getState()) ? Promise.resolve() : base.removeItem(key)),
  };
}

export interface StartPersistenceOptions {
  /** Where the state is read and written (default: localStorage). Tests pass an in-memory one. */
  storage?: Storage;
}

/**
 * Reads the saved state back into `store` and keeps it saved from then on. Resolves with the
 * persistor once the saved state is in the store (`store.savedState` is then marked restored).
 */
export function startPersistence(store: AppStore, options: StartPersistenceOptions = {}): Promise<Persistor> {
  const storage = pausedWhileReplaying(options.storage, () => store.getState());
  const persisted = persistReducer(createPersistConfig<RootState>(storage), rootReducer);
  store.replaceReducer(withStateReplacement(persisted) as unknown as Reducer<RootState>);
  // Stored data that could not be restored (corrupt or foreign local storage): say so, once.
  store.dispatch(
    addListener({
      predicate: (action) => action.type === REHYDRATE,
      effect: (action, api) => {
        if (!isReplaying(api.getState()) && restoreLostData(action as { payload?: unknown; err?: unknown })) api.dispatch(toastRequested(RESTORE_NOTICE, 'warning'));
      },
    }),
  );
  return new Promise((resolve) => {
    const persistor = persistStore(store, null, () => {
      store.savedState.markRestored();
      resolve(persistor);
    });
  });
}
