import { useSyncExternalStore, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';
import { FullScreenSpinner } from './FullScreenSpinner';

/**
 * redux-persist's PersistGate, minus its first render: PersistGate always renders `loading` once,
 * even when the saved state is already back, which would replace the prerendered home page with a
 * spinner. This gate shows the children at once when the persistor has finished (main.tsx waits
 * for it), and the full-screen 'Loading...' otherwise. No persistor (the prerender): no gate.
 */
export function PersistedGate({ persistor, children }: { persistor?: Persistor; children: ReactNode }) {
  const bootstrapped = useSyncExternalStore(
    (onChange) => persistor?.subscribe(onChange) ?? (() => undefined),
    () => persistor?.getState().bootstrapped ?? true,
    () => true,
  );
  return bootstrapped ? children : <FullScreenSpinner />;
}

/** Resolves once the saved state has been read back into the store. */
export function whenBootstrapped(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = persistor.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}
