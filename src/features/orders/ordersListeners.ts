import { serverMessage } from '../../api/errors';
import { orderUpdateReceived, socketConnected, toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { LazyFeature } from '../../store/types';
import { selectSessionToken } from '../session';
import { ordersApi, RESUME_PAYMENT_KEY } from './ordersApi';
import { ORDERS_TEXT, withOrderUpdated } from './rules';
import { selectPaymentResuming } from './ordersSelectors';
import { orderStatusRequested, ordersPageOpened, paymentResumeRequested } from './ordersSlice';

/** Leaving the app for the payment page (an object so tests can replace `go`). */
export const ordersPaymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/**
 * My Orders side effects: 'No token available' without a session (SPEC §8), live `orderUpdated`
 * events patched into the cached list in place, a re-fetch once the socket is up (events may have been
 * missed while it was down or not yet there), and the hand-over to the payment page for a pending order.
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
      actionCreator: socketConnected,
      effect: ({ payload }, api) => {
        // After a reconnect events may have been missed; on the first connection, so may any since
        // the list was read (a page reads its list before its socket is up, and an order moved in
        // between would otherwise stay as it was read until the shopper asked again).
        const read = ordersApi.endpoints.getUserOrders.select()(api.getState());
        if (payload.reconnected || !read.isUninitialized) api.dispatch(ordersApi.util.invalidateTags([{ type: 'Order', id: 'LIST' }]));
      },
    }),

    startAppListening({
      actionCreator: orderStatusRequested,
      effect: (_action, api) => {
        // RTK Query starts no second read while one runs; a 401 ends the session (session listeners).
        if (!selectSessionToken(api.getState())) return;
        void api.dispatch(ordersApi.endpoints.getUserOrders.initiate(undefined, { subscribe: false, forceRefetch: true }));
      },
    }),

    startAppListening({
      actionCreator: paymentResumeRequested,
      effect: async ({ payload }, api) => {
        // One hand-over at a time (the buttons wait too).
        if (selectPaymentResuming(api.getOriginalState())) return;
        api.cancelActiveListeners();
        // Tracked under one fixed key: My Orders shows the call's progress on the clicked button.
        const result = await api.dispatch(ordersApi.endpoints.resumeOrderPayment.initiate({ orderId: payload }, { fixedCacheKey: RESUME_PAYMENT_KEY }));
        if (result.data?.session_url) {
          ordersPaymentRedirect.go(result.data.session_url);
          return;
        }
        // The server's reason when it gave one ('This order is already paid.'), else our own words.
        api.dispatch(toastRequested(serverMessage(result.error) ?? ORDERS_TEXT.resumeFailed, 'error'));
        api.dispatch(ordersApi.util.invalidateTags([{ type: 'Order', id: 'LIST' }]));
      },
    }),
  ];
  return () => unsubscribers.forEach((u) => u());
}

/** Started by My Orders (store/hooks.ts `useFeature`): My Orders' chunk brings it. */
export const ordersFeature: LazyFeature = { name: 'orders', setup: (startAppListening) => setupOrdersListeners(startAppListening) };
