import { REHYDRATE } from 'redux-persist/es/constants';
import { cancelledPaymentAt } from '../../domain/checkout';
import { locationChanged, loggedOut } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectLocation, selectSessionToken } from '../../store/selectors';
import { removeLastAddress, removePendingOrder } from './browserStorage';
import { checkoutApi } from './checkoutApi';

/**
 * The checkout's browser storage is forgotten on logout, whichever page the shopper is on: this one
 * listener runs from page load, while the rest of checkout (checkoutListeners.ts) comes with its pages.
 */
export function setupCheckoutCleanupListeners(startAppListening: AppStartListening) {
  const stopLogout = startAppListening({
    actionCreator: loggedOut,
    effect: () => {
      removeLastAddress();
      removePendingOrder();
    },
  });
  // Back from the card page after a cancel (/cart?payment=cancelled&session_id=…): the cart says
  // so at once (rendered from the url); here the session is closed on the server (the built-in page
  // did already; Stripe's is expired now) and the pending order forgotten, once the saved token is
  // back. The cart itself is never touched.
  const closed = new Set<string>();
  const stopCancel = startAppListening({
    predicate: (action, current) =>
      (locationChanged.match(action) || action.type === REHYDRATE) && cancelledPaymentAt(selectLocation(current)) !== undefined && selectSessionToken(current) !== null,
    effect: async (_action, api) => {
      const sessionId = cancelledPaymentAt(selectLocation(api.getState()))?.sessionId;
      if (!sessionId || closed.has(sessionId)) return;
      closed.add(sessionId);
      removePendingOrder();
      await api.dispatch(checkoutApi.endpoints.verifyPayment.initiate({ success: false, sessionId, orderData: null }, { track: false }));
    },
  });
  return () => {
    stopLogout();
    stopCancel();
  };
}
