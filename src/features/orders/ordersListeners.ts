import type { ApiError } from '../../api/errors';
import { connected, orderUpdateReceived } from '../../api/socket';
import { toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectSessionToken } from '../../store/selectors';
import { ordersApi } from './ordersApi';
import { ORDERS_TEXT, withOrderUpdated } from './rules';
import { ordersPageOpened, paymentResumeRequested } from './ordersSlice';

/** Leaving the app for the payment page (an object so tests can replace `go`). */
export const ordersPaymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/**
 * My Orders side effects: 'No token available' without a session (SPEC §8), live `orderUpdated`
 * events patched into the cached list in place, a re-fetch after a reconnect (events may have been
 * missed), and the hand-over to the payment page for a pending order.
 */
export function setupOrdersListeners(startAppListening: AppStartListening) {
  const unsubscribers = [
    startAppListening({
      actionCreator: ordersPageOpened,
      effect: (_action, api) => {
        if (!selectSessionToken(api.getState())) console.log(ORDERS_TEXT.noToken);
      },
    }),

    startAppListening({
      actionCreator: orderUpdateReceived,
      effect: ({ payload }, api) => {
        api.dispatch(ordersApi.util.updateQueryData('getUserOrders', undefined, (draft) => withOrderUpdated(draft, payload)));
      },
    }),

    startAppListening({
      actionCreator: connected,
      effect: ({ payload }, api) => {
        if (payload.reconnected) api.dispatch(ordersApi.util.invalidateTags([{ type: 'Order', id: 'LIST' }]));
      },
    }),

    startAppListening({
      actionCreator: paymentResumeRequested,
      effect: async ({ payload }, api) => {
        api.cancelActiveListeners();
        const result = await api.dispatch(ordersApi.endpoints.resumeOrderPayment.initiate({ orderId: payload }, { track: false }));
        if (result.data?.session_url) {
          ordersPaymentRedirect.go(result.data.session_url);
          return;
        }
        api.dispatch(toastRequested((result.error as ApiError | undefined)?.message || 'Could not resume the payment', 'error'));
        api.dispatch(ordersApi.util.invalidateTags([{ type: 'Order', id: 'LIST' }]));
      },
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}
