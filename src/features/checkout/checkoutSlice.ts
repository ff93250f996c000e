import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { AddressErrors } from '../../domain/address';
import { normaliseDiscountCode } from '../../domain/checkout';
import type { Address, Discount, OrderQuote, OrderRequest, PlacedOrder, User } from '../../domain/types';
import { loggedOut, orderPlaced } from '../../store/events';
import { injectLazySlice } from '../../store/lazySliceInjection';
import { EMPTY_FORM, fieldError, PLACE_ORDER_ERROR, prefillForm, type BuyNowItem, type CheckoutForm, type OrderKey } from './rules';

/**
 * The checkout state machine. Placing an order:
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
 *                                   ├─verificationFailed──▶ failed    (payment not made: back to the cart)
 *                                   └─verificationErrored─▶ errored   (the call itself failed: a toast)
 *
 * Events are past tense; one that does not fit the current state is ignored. Side effects (the
 * API calls, `pendingOrder` in localStorage, the redirect) live in checkoutListeners.ts.
 *
 * The draft (every address field, the discount code field, the payment method) lives here too, so
 * a QA replay shows the form as the shopper filled it. Fields the shopper has not touched follow
 * the prefill (last address, then the account's name and e-mail; rules.ts `prefilledFields`).
 */
export type CheckoutStatus =
  | 'editing'
  | 'validating'
  | 'creatingSession'
  | 'confirmingTotal'
  | 'redirecting'
  | 'verifying'
  | 'placed'
  | 'failed'
  | 'errored';

export interface CheckoutDraft {
  form: CheckoutForm;
  /** Fields the shopper typed in: the prefill never overwrites them (one emptied on purpose stays empty). */
  edited: Partial<Record<keyof CheckoutForm, true>>;
  /** The discount code field as typed (trimmed and upper-cased only when applied). */
  discountCode: string;
  paymentMethod: string;
}

export interface CheckoutState {
  status: CheckoutStatus;
  /** The buy-now item /place-order was opened with (navigation state), or null: the cart is bought. */
  buyNow: BuyNowItem | null;
  draft: CheckoutDraft;
  /** The applied discount code (validated by the server), or null. */
  discount: Discount | null;
  /** 'Invalid code' under the discount field. */
  discountError: string | null;
  fieldErrors: AddressErrors;
  /** A message for the whole form ('Your cart is empty…', 'Invalid payment method.', …). */
  formError: string | null;
  /** The server's reason under the form error, when it gave one. */
  errorDetail: string | null;
  /** The request being placed (validated); re-sent with the server's amount after confirmation. */
  request: OrderRequest | null;
  /** The Idempotency-Key sent with an order request body: a retry of the same body reuses it. */
  orderKey: OrderKey | null;
  /** The server's figures when they differ from the preview (status confirmingTotal). */
  newTotal: OrderQuote | null;
  /** The address the shopper used last time (restored from the browser by a listener). */
  lastAddress: Address | null;
  /** The payment session being verified (/verify). */
  verifyingSession: string | null;
  placed: PlacedOrder | null;
}

const initialDraft: CheckoutDraft = { form: EMPTY_FORM, edited: {}, discountCode: '', paymentMethod: 'card' };

export const initialCheckoutState: CheckoutState = {
  status: 'editing',
  buyNow: null,
  draft: initialDraft,
  discount: null,
  discountError: null,
  fieldErrors: {},
  formError: null,
  errorDetail: null,
  request: null,
  orderKey: null,
  newTotal: null,
  lastAddress: null,
  verifyingSession: null,
  placed: null,
};

// ---- events (past tense) -------------------------------------------------------------------

/** /place-order opened (with its buy-now item, if any): a finished or failed flow starts over (the applied discount stays). */
export const checkoutOpened = createAction<{ buyNow: BuyNowItem | null }>('checkout/opened');
export const lastAddressRestored = createAction<Address>('checkout/lastAddressRestored');
/** What the prefill knows changed (the profile arrived, the last address was restored, the page opened). */
export const checkoutPrefilled = createAction<{ user: User | null }>('checkout/prefilled');
/** The shopper typed in a delivery field: its error (and the form's) go away. */
export const fieldEdited = createAction<{ field: keyof CheckoutForm; value: string }>('checkout/fieldEdited');
/** The shopper left a delivery field: a filled one (or one already flagged) is checked. */
export const fieldLeft = createAction<keyof CheckoutForm>('checkout/fieldLeft');
export const discountCodeEdited = createAction<string>('checkout/discountCodeEdited');
/** The shopper asked to apply the code in the field (the listener trims, upper-cases and checks it). */
export const discountCodeSubmitted = createAction('checkout/discountCodeSubmitted');
export const discountApplied = createAction<Discount>('checkout/discountApplied');
export const discountRejected = createAction<{ message: string }>('checkout/discountRejected');
export const discountRemoved = createAction('checkout/discountRemoved');
export const paymentMethodChosen = createAction<string>('checkout/paymentMethodChosen');
/** The shopper placed the order: the listener checks the draft against the lines being bought. */
export const orderSubmitted = createAction('checkout/orderSubmitted');
export const orderInvalid = createAction<{ fieldErrors: AddressErrors; formError: string | null }>('checkout/orderInvalid');
export const orderValidated = createAction<OrderRequest>('checkout/orderValidated');
/** The key the request about to be sent carries (a new one when its body changed). */
export const orderRequestKeyed = createAction<OrderKey>('checkout/orderRequestKeyed');
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
      .addCase(checkoutOpened, (state, { payload }) => {
        if (BUSY.includes(state.status)) return;
        state.status = 'editing';
        state.buyNow = payload.buyNow;
        state.formError = null;
        state.errorDetail = null;
        state.fieldErrors = {};
        state.newTotal = null;
        state.request = null;
      })
      .addCase(lastAddressRestored, (state, { payload }) => {
        state.lastAddress = payload;
      })
      .addCase(checkoutPrefilled, (state, { payload }) => {
        const prefill = prefillForm(EMPTY_FORM, payload.user, state.lastAddress);
        for (const field of Object.keys(prefill) as Array<keyof CheckoutForm>) {
          if (!state.draft.edited[field]) state.draft.form[field] = prefill[field];
        }
      })
      .addCase(discountCodeEdited, (state, { payload }) => {
        state.draft.discountCode = payload;
      })
      .addCase(discountCodeSubmitted, (state) => {
        // SPEC §5: an empty code (after trimming) does nothing.
        if (state.status !== 'editing' || !normaliseDiscountCode(state.draft.discountCode)) return;
        state.discountError = null;
      })
      .addCase(discountApplied, (state, { payload }) => {
        if (state.status !== 'editing') return;
        state.discount = payload;
        state.discountError = null;
      })
      .addCase(discountRejected, (state, { payload }) => {
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
        if (state.status !== 'editing') return;
        state.draft.form[payload.field] = payload.value;
        state.draft.edited[payload.field] = true;
        delete state.fieldErrors[payload.field];
        state.formError = null;
        state.errorDetail = null;
      })
      .addCase(fieldLeft, (state, { payload: field }) => {
        // Inline validation once the shopper leaves a field they filled (empty ones wait for submit).
        if (state.status !== 'editing' || (!state.draft.form[field] && !state.fieldErrors[field])) return;
        const error = fieldError(state.draft.form, field);
        if (error) state.fieldErrors[field] = error;
        else delete state.fieldErrors[field];
      })
      .addCase(paymentMethodChosen, (state, { payload }) => {
        if (state.status !== 'editing') return;
        state.draft.paymentMethod = payload;
        state.formError = null;
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
      .addCase(orderRequestKeyed, (state, { payload }) => {
        if (state.status !== 'creatingSession') return;
        state.orderKey = payload;
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
        state.placed = null;
      })
      .addCase(orderPlaced, (state, { payload }) => {
        if (state.status !== 'verifying') return;
        state.status = 'placed';
        state.placed = payload.order;
        state.request = null;
        state.orderKey = null;
        state.newTotal = null;
        // The code and the typed draft belonged to that order; the next checkout starts afresh.
        state.discount = null;
        state.draft = initialDraft;
        state.buyNow = null;
      })
      .addCase(verificationFailed, (state) => {
        if (state.status !== 'verifying') return;
        state.status = 'failed';
      })
      .addCase(verificationErrored, (state) => {
        if (state.status !== 'verifying') return;
        state.status = 'errored';
      })
      // The draft holds the shopper's address: it leaves with them. A flow under way keeps its state.
      .addCase(loggedOut, (state) => {
        state.draft = initialDraft;
        state.lastAddress = null;
        state.discount = null;
        state.discountError = null;
        state.fieldErrors = {};
        state.buyNow = null;
        state.orderKey = null;
      });
  },
  selectors: {
    selectCheckout: (state) => state,
    selectCheckoutDraft: (state) => state.draft,
    selectBuyNow: (state) => state.buyNow,
    selectAppliedDiscountPercent: (state) => state.discount?.percentage ?? 0,
    selectPlacedOrder: (state) => state.placed,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface LazyLoadedSlices extends WithSlice<typeof checkoutSlice> {}
}

/** In the store from the moment a checkout page's chunk loads (not part of the first view). */
injectLazySlice(checkoutSlice);

export const { selectCheckout, selectCheckoutDraft, selectBuyNow, selectAppliedDiscountPercent, selectPlacedOrder } = checkoutSlice.getSelectors((state: { checkout?: ReturnType<typeof checkoutSlice.getInitialState> }) => state.checkout ?? checkoutSlice.getInitialState());
