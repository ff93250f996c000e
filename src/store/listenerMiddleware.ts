import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { StoreDeps } from './deps';
export type { AppStartListening } from './types';

/**
 * One listener middleware per store, with the store's deps as `extra` (time and ids for side
 * effects). Features export `setupXListeners(startAppListening)`; store.ts registers them.
 */
export function createAppListenerMiddleware(deps: StoreDeps) {
  // Untyped state/dispatch here: the store's types are derived from this middleware, so typing
  // it with RootState would be circular. `AppStartListening` restores the types for features.
  return createListenerMiddleware({ extra: deps });
}
