import { isAnyOf } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/errors';
import { normaliseDiscountCode } from '../../domain/checkout';
import { cartLimitedByStock, loadingFinished, loadingStarted, orderPlaced, toastRequested } from '../../store/events';
import { baseApi } from '../../api/baseApi';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { LazyFeature } from '../../store/types';
import { selectUserProfile } from '../session';
import { readLastAddress, readPendingOrder, removePendingOrder, saveLastAddress, savePendingOrder } from './browserStorage';
import { checkoutApi, DISCOUNT_CHECK_KEY } from './checkoutApi';
import { selectCheckoutSubmission } from './checkoutSelectors';
import {
  checkoutOpened,
  checkoutPrefilled,
  selectCheckout,
  discountApplied,
  discountCodeSubmitted,
  discountRejected,
  lastAddressRestored,
  newTotalConfirmed,
  orderFailed,
  orderInvalid,
  orderRequestKeyed,
  orderSubmitted,
  orderValidated,
  returnedFromPaymentPage,
  sessionCreated,
  totalChanged,
  verificationErrored,
  verificationFailed,
  verificationStarted,
} from './checkoutSlice';
import { INVALID_CODE_MESSAGE, keyForRequest, validateCheckout } from './rules';

/**
 * Leaving the app for the payment page. An object so tests can replace `go` (jsdom cannot
 * navigate to another origin).
 */
export const paymentRedirect = {
  go(url: string): void {
    window.location.assign(url);
  },
};

function apiError(err: unknown): ApiError {
  if (err && typeof err === 'object' && 'status' in err && 'message' in err) return err as ApiError;
  return { status: 'CUSTOM_ERROR', message: err instanceof Error ? err.message : 'Something went wrong' };
}

/**
 * Checkout side effects: validating and placing the order, the hand-over to the payment
 * page (`pendingOrder` saved, the global loading flag set), verification on return, the discount
 * check, and the browser storage that belongs to checkout.
 */
export function setupCheckoutListeners(startAppListening: AppStartListening) {
  const unsubscribers = [
    startAppListening({
      actionCreator: checkoutOpened,
      effect: (_action, api) => {
        const last = readLastAddress();
        if (last) api.dispatch(lastAddressRestored(last));
      },
    }),

    // The fields the shopper has not typed in follow the prefill: the last address, then the
    // account's name and e-mail (the profile is the user-info query's answer).
    startAppListening({
      predicate: (action, current, previous) =>
        checkoutOpened.match(action) || lastAddressRestored.match(action) || selectUserProfile(current) !== selectUserProfile(previous),
      effect: (_action, api) => {
        api.dispatch(checkoutPrefilled({ user: selectUserProfile(api.getState()) }));
      },
    }),

    startAppListening({
      actionCreator: discountCodeSubmitted,
      effect: async (_action, api) => {
        const code = normaliseDiscountCode(selectCheckout(api.getState()).draft.discountCode);
        if (!code) return; // SPEC §5: an empty code does nothing
        api.cancelActiveListeners(); // the latest code typed wins
        const result = await api.dispatch(checkoutApi.endpoints.validateDiscount.initiate({ code }, { fixedCacheKey: DISCOUNT_CHECK_KEY }));
        if ('data' in result && result.data) api.dispatch(discountApplied(result.data));
        else api.dispatch(discountRejected({ message: INVALID_CODE_MESSAGE }));
      },
    }),

    startAppListening({
      actionCreator: orderSubmitted,
      effect: (_action, api) => {
        const state = api.getState();
        if (selectCheckout(state).status !== 'validating') return;
        const submission = selectCheckoutSubmission(state, api.extra.now());
        // The catalog is not loaded yet (the page's button waits for it): back to editing, no message.
        const result = submission ? validateCheckout(submission) : { ok: false as const, fieldErrors: {}, formError: null };
        if (result.ok) api.dispatch(orderValidated(result.request));
        else api.dispatch(orderInvalid({ fieldErrors: result.fieldErrors, formError: result.formError }));
      },
    }),

    startAppListening({
      matcher: isAnyOf(orderValidated, newTotalConfirmed),
      effect: async (_action, api) => {
        const { status, request, orderKey } = selectCheckout(api.getState());
        if (status !== 'creatingSession' || !request) return;
        const keyed = keyForRequest(orderKey, request, api.extra.newId);
        if (keyed !== orderKey) api.dispatch(orderRequestKeyed(keyed));
        const result = await api.dispatch(checkoutApi.endpoints.createOrderSession.initiate({ request, idempotencyKey: keyed.key }, { track: false }));
        if (result.error) {
          api.dispatch(orderFailed({ message: apiError(result.error).message || null }));
          return;
        }
        const data = result.data!;
        if (data.kind === 'totalChanged') api.dispatch(totalChanged(data.quote));
        else if (data.kind === 'stockShort') {
          api.dispatch(cartLimitedByStock({ lines: data.cart }));
          api.dispatch(orderFailed({ message: data.message }));
          // What can be bought changed: the catalog is read again.
          api.dispatch(baseApi.util.invalidateTags([{ type: 'Product', id: 'LIST' }]));
        }
        else api.dispatch(sessionCreated({ sessionUrl: data.sessionUrl, orderId: data.orderId, sessionId: data.sessionId, amount: data.amount }));
      },
    }),

    startAppListening({
      actionCreator: sessionCreated,
      effect: ({ payload }, api) => {
        const { request } = selectCheckout(api.getState());
        if (request) {
          savePendingOrder({ ...request, amount: payload.amount, orderId: payload.orderId, sessionId: payload.sessionId, createdAt: api.extra.now() });
          saveLastAddress(request.address);
        }
        // The full-screen 'Loading...' covers the hand-over until the browser leaves the app.
        api.dispatch(loadingStarted());
        if (typeof window !== 'undefined') {
          // Back from the payment page, a browser may show this very page from its cache.
          const onShow = (e: PageTransitionEvent) => {
            if (!e.persisted) return;
            window.removeEventListener('pageshow', onShow);
            api.dispatch(loadingFinished());
            api.dispatch(returnedFromPaymentPage());
          };
          window.addEventListener('pageshow', onShow);
        }
        paymentRedirect.go(payload.sessionUrl);
      },
    }),

    startAppListening({
      actionCreator: verificationStarted,
      effect: async ({ payload }, api) => {
        const before = selectCheckout(api.getOriginalState());
        const now = selectCheckout(api.getState());
        // A duplicate start (re-render) was ignored by the reducer: only the first one calls.
        if (now.status !== 'verifying' || now.verifyingSession !== payload.sessionId) return;
        if (before.status === 'verifying' && before.verifyingSession === payload.sessionId) return;

        const pending = readPendingOrder();
        const result = await api.dispatch(
          checkoutApi.endpoints.verifyPayment.initiate({ success: payload.success, sessionId: payload.sessionId, orderData: pending }, { track: false }),
        );
        const data = result.data;
        if (data?.success && data.order) {
          // Only the browser that started this payment empties its cart, and only once.
          const ours = pending?.sessionId === payload.sessionId;
          removePendingOrder();
          api.dispatch(orderPlaced({ order: data.order, isBuyNow: data.order.isBuyNow, emptiesCart: ours && !pending!.isBuyNow && !data.order.isBuyNow }));
          return;
        }
        const error = data ? { status: 200, message: data.message ?? '' } : apiError(result.error);
        if (error.status === 200) {
          // The server answered: the payment was not made. SPEC §4: back to the cart.
          removePendingOrder();
          api.dispatch(verificationFailed({ message: error.message || null }));
          return;
        }
        // SPEC §8: a verification exception shows its message (pendingOrder is kept).
        api.dispatch(toastRequested(error.message, 'error'));
        api.dispatch(verificationErrored({ message: error.message, status: error.status }));
      },
    }),

  ];
  return () => unsubscribers.forEach((u) => u());
}

/**
 * Started by the checkout pages (store/hooks.ts `useFeature`), whose chunks bring it. What must run
 * on every page (a logout forgets the saved address and pending order) is checkoutCleanup.ts.
 */
export const checkoutFeature: LazyFeature = { name: 'checkout', setup: (startAppListening) => setupCheckoutListeners(startAppListening) };
