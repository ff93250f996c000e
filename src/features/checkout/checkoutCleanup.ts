import { loggedOut } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { removeLastAddress, removePendingOrder } from './browserStorage';

/**
 * The checkout's browser storage is forgotten on logout, whichever page the shopper is on: this one
 * listener runs from page load, while the rest of checkout (checkoutListeners.ts) comes with its pages.
 */
export function setupCheckoutCleanupListeners(startAppListening: AppStartListening) {
  return startAppListening({
    actionCreator: loggedOut,
    effect: () => {
      removeLastAddress();
      removePendingOrder();
    },
  });
}
