import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/**
 * The saved state's arrival (the lazy start). The page hydrates from a guest's state, as
 * the server rendered it, and the saved cart, saved-for-later list, wishlist and token are read
 * back a moment later (store/persistence.ts). Read back, the stored copy replaces what the store
 * holds (REHYDRATE), and until then the store cannot tell a logged-in shopper from a guest.
 */

/** Whether the saved state (cart, wishlist, token) is in the store yet, for useSyncExternalStore. */
export interface SavedStateSignal {
  restored(): boolean;
  subscribe(listener: () => void): () => void;
  markRestored(): void;
}

export function createSavedStateSignal(restored: boolean): SavedStateSignal {
  const listeners = new Set<() => void>();
  return {
    restored: () => restored,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markRestored() {
      if (restored) return;
      restored = true;
      listeners.forEach((l) => l());
    },
  };
}

/**
 * Holds back the shopper's actions that change the saved lists or the session (`waits`: a heart
 * clicked, a line added, a login answered) while the saved state is on its way, and dispatches
 * them, in order, once it is in. Let through at once, such an action would be undone by the
 * stored copy (a product added to a guest's empty cart, then the saved cart put back over it), or
 * taken for a guest's (a heart kept on this device instead of the shopper's account). It is held
 * before any other middleware sees it, so listeners, DevTools and the QA recorder see it when it
 * happens to the store — after REHYDRATE — and a replay applies it in the same order.
 */
export function holdUntilRestored(savedState: SavedStateSignal, waits: (action: unknown) => boolean): Middleware {
  return (api) => {
    const held: UnknownAction[] = [];
    savedState.subscribe(() => {
      for (const action of held.splice(0)) api.dispatch(action);
    });
    return (next) => (action) => {
      if (!savedState.restored() && waits(action)) {
        held.push(action as UnknownAction);
        return action;
      }
      return next(action);
    };
  };
}
