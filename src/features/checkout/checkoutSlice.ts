import { createAction, createSlice } from '@reduxjs/toolkit';
import type { AddressErrors } from '../../domain/address';
import { normaliseDiscountCode } from '../../domain/checkout';
import type { Address, Discount, OrderQuote, OrderRequest, PlacedOrder } from '../../domain/types';
import { orderPlaced } from '../../store/events';
import { PLACE_ORDER_ERROR, type CheckoutSubmission } from './rules';

/**
 * The checkout state machine (issue 6). Placing an order:
 *
 *   editing ─orderSubmitted─▶ validating ─orderValidated─▶ creatingSession ─sessionCreated─▶ redirecting
 *      ▲                          │ orderInvalid               │  │ totalChanged                 │
 *      └──────────────────────────┘◀──────── orderFailed ──────┘  ▼                              │
 *      ▲◀──────────── newTotalDeclined ─────────────────── confirmingTotal                       │
 *      │                                   newTotalConfirmed ──▶ creatingSession                │
 *      └◀─────────────────────── returnedFromPaymentPage (back button) ─────────────────────────┘
 *
 * Coming back from the payment page (/verify):
 *
 *   (any) ─verificationStarted─▶ verifying ─orderPlaced─▶ placed
 *                                   ├─verificationFailed──▶ failed   (payment not made: back to the cart)
 *                                   └─verificationErrored─▶ failed   (the call itself failed: a toast)
 *
 * Events are past tense; one that does not fit the current state is ignored. Side effects (the
 * API calls, `pendingOrder` in localStorage, the redirect) live in checkoutListeners.ts.
 */
export type CheckoutStatus = 'editing' | 'validating' | 'creatingSession' | 'confirmingTotal' | 'redirecting' | 'verifying' | 'placed' | 'failed';

export interface CheckoutState {
  status: CheckoutStatus;
  /** The applied discount code (validated by the server), or null. */
  discount: Discount | null;
  /** 'Invalid code' under the discount field. */
  discountError: string | null;
  discountChecking: boolean;
  fieldErrors: AddressErrors;
  /** A message for the whole form ('Your cart is empty…', 'Invalid payment method.', …). */
  formError: string | null;
  /** The server's reason under the form error, when it gave one. */
  errorDetail: string | null;
  /** The request being placed (validated); re-sent with the server's amount after confirmation. */
  request: OrderRequest | null;
  /** The server's figures when they differ from the preview (status confirmingTotal). */
  newTotal: OrderQuote | null;
  /** The address the shopper used last time (restored from the browser by a listener). */
  lastAddress: Address | null;
  /** The payment session being verified (/verify). */
  verifyingSession: string | null;
  /** How verification ended, for /verify to navigate: placed → /order-placed, failed → /cart. */
  outcome: 'placed' | 'failed' | 'error' | null;
  placed: PlacedOrder | null;
}

export const initialCheckoutState: CheckoutState = {
  status: 'editing',
  discount: null,
  discountError: null,
  discountChecking: false,
  fieldErrors: {},
  formError: null,
  errorDetail: null,
  request: null,
  newTotal: null,
  lastAddress: null,
  verifyingSession: null,
  outcome: null,
  placed: null,
};

// ---- events (past tense) -------------------------------------------------------------------

/** /place-order opened: a finished or failed flow starts over (the applied discount stays). */
export const checkoutOpened = createAction('checkout/opened');
export const lastAddressRestored = createAction<Address>('checkout/lastAddressRestored');
/** The shopper asked to apply a code (the listener trims, upper-cases and checks it). */
export const discountCodeSubmitted = createAction<string>('checkout/discountCodeSubmitted');
export const discountApplied = createAction<Discount>('checkout/discountApplied');
export const discountRejected = createAction<{ message: string }>('checkout/discountRejected');
export const discountRemoved = createAction('checkout/discountRemoved');
/** The shopper typed in a field: its error (and the form's) go away. */
export const fieldEdited = createAction<keyof AddressErrors>('checkout/fieldEdited');
/** The shopper left a field; `error` is what the pure rule says about it now. */
export const fieldChecked = createAction<{ field: keyof AddressErrors; error: string | undefined }>('checkout/fieldChecked');
export const orderSubmitted = createAction<CheckoutSubmission>('checkout/orderSubmitted');
export const orderInvalid = createAction<{ fieldErrors: AddressErrors; formError: string | null }>('checkout/orderInvalid');
export const orderValidated = createAction<OrderRequest>('checkout/orderValidated');
export const totalChanged = createAction<OrderQuote>('checkout/totalChanged');
export const newTotalConfirmed = createAction('checkout/newTotalConfirmed');
export const newTotalDeclined = createAction('checkout/newTotalDeclined');
export const orderFailed = createAction<{ message: string | null }>('checkout/orderFailed');
export const sessionCreated = createAction<{ sessionUrl: string; orderId: string; sessionId: string; amount: number }>('checkout/sessionCreated');
/** The browser showed this page again from its back/forward cache after leaving for payment. */
export const returnedFromPaymentPage = createAction('checkout/returnedFromPaymentPage');
export const verificationStarted = createAction<{ sessionId: string; success: boolean }>('checkout/verificationStarted');
export const verificationFailed = createAction<{ message: string | null }>('checkout/verificationFailed');
export const verificationErrored = createAction<{ message: string; status: number | string }>('checkout/verificationErrored');

const BUSY: CheckoutStatus[] = ['validating', 'creatingSession', 'redirecting', 'verifying'];

export const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(checkoutOpened, (state) => {
        if (BUSY.includes(state.status)) return;
        state.status = 'editing';
        state.formError = null;
        state.errorDetail = null;
        state.fieldErrors = {};
        state.newTotal = null;
        state.request = null;
      })
      .addCase(lastAddressRestored, (state, { payload }) => {
        state.lastAddress = payload;
      })
      .addCase(discountCodeSubmitted, (state, { payload }) => {
        // SPEC §5: an empty code (after trimming) does nothing.
        if (state.status !== 'editing' || !normaliseDiscountCode(payload)) return;
        state.discountChecking = true;
        state.discountError = null;
      })
      .addCase(discountApplied, (state, { payload }) => {
        state.discountChecking = false;
        if (state.status !== 'editing') return;
        state.discount = payload;
        state.discountError = null;
      })
      .addCase(discountRejected, (state, { payload }) => {
        state.discountChecking = false;
        if (state.status !== 'editing') return;
        // SPEC §8: 'Invalid code' inline, and the discount is cleared.
        state.discount = null;
        state.discountError = payload.message;
      })
      .addCase(discountRemoved, (state) => {
        if (state.status !== 'editing') return;
        state.discount = null;
        state.discountError = null;
      })
      .addCase(fieldEdited, (state, { payload }) => {
        delete state.fieldErrors[payload];
        state.formError = null;
        state.errorDetail = null;
      })
      .addCase(fieldChecked, (state, { payload }) => {
        if (state.status !== 'editing') return;
        if (payload.error) state.fieldErrors[payload.field] = payload.error;
        else delete state.fieldErrors[payload.field];
      })
      .addCase(orderSubmitted, (state) => {
        if (state.status !== 'editing') return;
        state.status = 'validating';
        state.formError = null;
        state.errorDetail = null;
      })
      .addCase(orderInvalid, (state, { payload }) => {
        if (state.status !== 'validating') return;
        state.status = 'editing';
        state.fieldErrors = payload.fieldErrors;
        state.formError = payload.formError;
      })
      .addCase(orderValidated, (state, { payload }) => {
        if (state.status !== 'validating') return;
        state.status = 'creatingSession';
        state.fieldErrors = {};
        state.request = payload;
      })
      .addCase(totalChanged, (state, { payload }) => {
        if (state.status !== 'creatingSession' || !state.request) return;
        state.status = 'confirmingTotal';
        state.newTotal = payload;
      })
      .addCase(newTotalConfirmed, (state) => {
        if (state.status !== 'confirmingTotal' || !state.request || !state.newTotal) return;
        state.status = 'creatingSession';
        state.request.amount = state.newTotal.amount;
      })
      .addCase(newTotalDeclined, (state) => {
        if (state.status !== 'confirmingTotal') return;
        state.status = 'editing';
        state.newTotal = null;
        state.request = null;
      })
      .addCase(orderFailed, (state, { payload }) => {
        if (state.status !== 'creatingSession') return;
        state.status = 'editing';
        state.formError = PLACE_ORDER_ERROR;
        state.errorDetail = payload.message;
        state.request = null;
        state.newTotal = null;
      })
      .addCase(sessionCreated, (state) => {
        if (state.status !== 'creatingSession') return;
        state.status = 'redirecting';
      })
      .addCase(returnedFromPaymentPage, (state) => {
        if (state.status !== 'redirecting') return;
        state.status = 'editing';
        state.request = null;
        state.newTotal = null;
      })
      .addCase(verificationStarted, (state, { payload }) => {
        // The same session twice (a re-render, StrictMode) is one verification.
        if (state.verifyingSession === payload.sessionId && (state.status === 'verifying' || state.status === 'placed')) return;
        if (state.status === 'verifying') return;
        state.status = 'verifying';
        state.verifyingSession = payload.sessionId;
        state.outcome = null;
        state.placed = null;
      })
      .addCase(orderPlaced, (state, { payload }) => {
        if (state.status !== 'verifying') return;
        state.status = 'placed';
        state.outcome = 'placed';
        state.placed = payload.order;
        state.request = null;
        state.newTotal = null;
        // The code belonged to that order; the next checkout starts without it.
        state.discount = null;
      })
      .addCase(verificationFailed, (state) => {
        if (state.status !== 'verifying') return;
        state.status = 'failed';
        state.outcome = 'failed';
      })
      .addCase(verificationErrored, (state) => {
        if (state.status !== 'verifying') return;
        state.status = 'failed';
        state.outcome = 'error';
      });
  },
  selectors: {
    selectCheckout: (state) => state,
    selectCheckoutStatus: (state) => state.status,
    selectAppliedDiscount: (state) => state.discount,
    selectPlacedOrder: (state) => state.placed,
    selectLastAddress: (state) => state.lastAddress,
  },
});

export const { selectCheckout, selectCheckoutStatus, selectAppliedDiscount, selectPlacedOrder, selectLastAddress } = checkoutSlice.selectors;
