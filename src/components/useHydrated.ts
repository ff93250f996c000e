import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the client hydrates a server-rendered page, true after (and at
 * once for a screen rendered later, e.g. after a client-side navigation). The server renders every
 * page as a guest (the cart, wishlist and token live in local storage, SPEC §4): a screen whose
 * content is the shopper's own shows its skeleton until this is true, so neither the server nor
 * the hydrating render ever says "empty" to a shopper whose saved state is about to fill it in.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
