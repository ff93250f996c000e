import { useSyncExternalStore } from 'react';
import { useAppStore } from '../store/hooks';

/**
 * False on the server, while the client hydrates a server-rendered page, and until the saved
 * state (cart, wishlist, token in local storage, SPEC §4) has been read back after it
 * (store/persistence.ts, `store.savedState`); true after, and at once in a store with nothing to
 * read back (tests). The server renders every page as a guest: a screen whose content is the
 * shopper's own shows its skeleton until this is true, so neither the server nor the hydrating
 * render ever says "empty" to a shopper whose saved state is about to fill it in.
 */
export function useHydrated(): boolean {
  const { savedState } = useAppStore();
  return useSyncExternalStore(savedState.subscribe, savedState.restored, () => false);
}
