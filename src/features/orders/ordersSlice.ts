import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../../store/events';
import { injectLazySlice } from '../../store/lazySliceInjection';
import { DEFAULT_FILTERS, type SearchMethod, type StatusFilter } from './rules';

/**
 * What the shopper chose on My Orders: the search method and text, the status filter, and the one
 * expanded order. The orders themselves are server data (ordersApi's cache, kept live by
 * `orderUpdated`).
 */
export interface OrdersState {
  method: SearchMethod;
  text: string;
  status: StatusFilter;
  /** 'Show unpaid checkouts'. */
  showUnpaid: boolean;
  expandedOrderId: string | null;
  /** The card whose 'Order Status' asked for the running re-read (its button shows the progress). */
  statusRequestedFor: string | null;
  /** The card whose 'Complete payment' asked for the running hand-over. */
  paymentResumeRequestedFor: string | null;
}

const initialState: OrdersState = { ...DEFAULT_FILTERS, showUnpaid: false, expandedOrderId: null, statusRequestedFor: null, paymentResumeRequestedFor: null };

// ---- events (past tense) ---------------------------------------------------------------------
export const ordersPageOpened = createAction('orders/pageOpened');
/** SPEC §5: changing the search method clears the text. */
export const searchMethodChanged = createAction<SearchMethod>('orders/searchMethodChanged');
export const searchTextChanged = createAction<string>('orders/searchTextChanged');
export const statusFilterChanged = createAction<StatusFilter>('orders/statusFilterChanged');
/** 'Show unpaid checkouts' switched on or off. */
export const unpaidCheckoutsToggled = createAction<boolean>('orders/unpaidCheckoutsToggled');
/** 'Clear Filters': method Order ID, no text, status All, orders only. */
export const filtersCleared = createAction('orders/filtersCleared');
/** 'Order Details' / 'Hide Details': only one order is expanded at a time. */
export const orderDetailsToggled = createAction<string>('orders/detailsToggled');
/** 'Order Status' on a card: the orders are read again (ordersListeners). */
export const orderStatusRequested = createAction<string>('orders/statusRequested');
/** 'Complete payment' on a 'Payment Pending' order. */
export const paymentResumeRequested = createAction<string>('orders/paymentResumeRequested');

export const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(searchMethodChanged, (state, { payload }) => {
        if (payload !== 'orderId' && payload !== 'productName') return;
        state.method = payload;
        state.text = '';
      })
      .addCase(searchTextChanged, (state, { payload }) => {
        state.text = payload;
      })
      .addCase(statusFilterChanged, (state, { payload }) => {
        state.status = payload;
      })
      .addCase(unpaidCheckoutsToggled, (state, { payload }) => {
        state.showUnpaid = payload === true;
      })
      .addCase(filtersCleared, (state) => {
        Object.assign(state, DEFAULT_FILTERS);
      })
      .addCase(orderDetailsToggled, (state, { payload }) => {
        state.expandedOrderId = state.expandedOrderId === payload ? null : payload;
      })
      .addCase(orderStatusRequested, (state, { payload }) => {
        state.statusRequestedFor = payload;
      })
      .addCase(paymentResumeRequested, (state, { payload }) => {
        state.paymentResumeRequestedFor = payload;
      })
      .addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectOrderFilters: (state) => state,
    selectExpandedOrderId: (state) => state.expandedOrderId,
    selectStatusRequestedFor: (state) => state.statusRequestedFor,
    selectPaymentResumeRequestedFor: (state) => state.paymentResumeRequestedFor,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface LazyLoadedSlices extends WithSlice<typeof ordersSlice> {}
}

/** In the store from the moment My Orders' chunk loads (not part of the first view). */
injectLazySlice(ordersSlice);

export const { selectOrderFilters, selectExpandedOrderId, selectStatusRequestedFor, selectPaymentResumeRequestedFor } = ordersSlice.getSelectors((state: { orders?: ReturnType<typeof ordersSlice.getInitialState> }) => state.orders ?? ordersSlice.getInitialState());
