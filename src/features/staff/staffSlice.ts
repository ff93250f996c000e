import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Carrier } from '../../domain/tracking';
import type { OrderStatus } from '../../domain/types';
import { loggedOut } from '../../store/events';
import { injectLazySlice } from '../../store/lazySliceInjection';
import type { RootState } from '../../store/types';
import { EMPTY_ORDER_FORM, type BoardFilters, type OrderForm } from './rules';

/**
 * What staff type and choose in the console — the inbox search, reply drafts, the order
 * board's unapplied filter edits, each order's status form and the refund confirmation — so a QA
 * replay shows it. Server data stays in the RTK Query cache (staffApi.ts); the open conversation,
 * the applied board filters and the open order live in the url (mirrored by features/router).
 *
 * Injected into the root reducer when the console's chunk loads: the shopper's bundle never holds it.
 */
export interface StaffState {
  /** The inbox search as typed, and as last sent to the server (after a pause in typing). */
  inboxSearch: string;
  inboxQuery: string;
  /** Reply drafts by conversation id. */
  drafts: Record<string, string>;
  /** The conversation whose reply is on its way (one at a time). */
  sendingReplyFor: string | null;
  /** Board filters edited but not applied yet (the applied ones are in the url). */
  boardEdits: Partial<Pick<BoardFilters, 'q' | 'from' | 'to'>>;
  /** Each order page's form (a chosen next status, a tracking number), kept when a save fails. */
  orderForms: Record<string, OrderForm>;
  /** A refund-causing move waiting for staff to confirm it. */
  refundConfirm: { orderId: string; status: OrderStatus } | null;
  /** The order whose update is on its way. */
  updatingOrder: string | null;
}

export const initialStaffState: StaffState = {
  inboxSearch: '',
  inboxQuery: '',
  drafts: {},
  sendingReplyFor: null,
  boardEdits: {},
  orderForms: {},
  refundConfirm: null,
  updatingOrder: null,
};

// ---- events (past tense) -------------------------------------------------------------------
export const inboxSearchEdited = createAction<string>('staff/inboxSearchEdited');
/** Typing paused: the search goes to the server. */
export const inboxSearchApplied = createAction('staff/inboxSearchApplied');
export const replyDraftEdited = createAction<{ conversationId: string; text: string }>('staff/replyDraftEdited');
export const replySendStarted = createAction<{ conversationId: string }>('staff/replySendStarted');
export const replyDelivered = createAction<{ conversationId: string; body: string }>('staff/replyDelivered');
export const replySendFailed = createAction<{ conversationId: string }>('staff/replySendFailed');
export const boardFilterEdited = createAction<{ field: 'q' | 'from' | 'to'; value: string }>('staff/boardFilterEdited');
/** The edits went into the url (or were dropped by a reset). */
export const boardFiltersApplied = createAction('staff/boardFiltersApplied');
export const orderFormEdited = createAction<{ orderId: string; status?: OrderStatus | ''; tracking?: string; carrier?: Carrier | '' }>('staff/orderFormEdited');
export const refundConfirmAsked = createAction<{ orderId: string; status: OrderStatus }>('staff/refundConfirmAsked');
export const refundConfirmDismissed = createAction('staff/refundConfirmDismissed');
export const orderUpdateStarted = createAction<{ orderId: string }>('staff/orderUpdateStarted');
export const orderUpdateSaved = createAction<{ orderId: string }>('staff/orderUpdateSaved');
export const orderUpdateFailed = createAction<{ orderId: string }>('staff/orderUpdateFailed');

export const staffSlice = createSlice({
  name: 'staff',
  initialState: initialStaffState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(inboxSearchEdited, (state, { payload }) => {
        state.inboxSearch = payload.slice(0, 100);
      })
      .addCase(inboxSearchApplied, (state) => {
        state.inboxQuery = state.inboxSearch.trim();
      })
      .addCase(replyDraftEdited, (state, { payload }) => {
        if (payload.text === '') delete state.drafts[payload.conversationId];
        else state.drafts[payload.conversationId] = payload.text;
      })
      .addCase(replySendStarted, (state, { payload }) => {
        if (state.sendingReplyFor === null) state.sendingReplyFor = payload.conversationId;
      })
      .addCase(replyDelivered, (state, { payload }) => {
        if (state.sendingReplyFor === payload.conversationId) state.sendingReplyFor = null;
        // Only what was sent is cleared: text typed meanwhile stays.
        if ((state.drafts[payload.conversationId] ?? '').trim() === payload.body) delete state.drafts[payload.conversationId];
      })
      .addCase(replySendFailed, (state, { payload }) => {
        if (state.sendingReplyFor === payload.conversationId) state.sendingReplyFor = null;
      })
      .addCase(boardFilterEdited, (state, { payload }) => {
        state.boardEdits[payload.field] = payload.value.slice(0, 100);
      })
      .addCase(boardFiltersApplied, (state) => {
        state.boardEdits = {};
      })
      .addCase(orderFormEdited, (state, { payload }) => {
        const form = state.orderForms[payload.orderId] ?? { ...EMPTY_ORDER_FORM };
        if (payload.status !== undefined) form.status = payload.status;
        if (payload.tracking !== undefined) form.tracking = payload.tracking.slice(0, 100);
        if (payload.carrier !== undefined) form.carrier = payload.carrier;
        state.orderForms[payload.orderId] = form;
      })
      .addCase(refundConfirmAsked, (state, { payload }) => {
        state.refundConfirm = payload;
      })
      .addCase(refundConfirmDismissed, (state) => {
        state.refundConfirm = null;
      })
      .addCase(orderUpdateStarted, (state, { payload }) => {
        state.refundConfirm = null;
        state.updatingOrder = payload.orderId;
      })
      .addCase(orderUpdateSaved, (state, { payload }) => {
        if (state.updatingOrder === payload.orderId) state.updatingOrder = null;
        delete state.orderForms[payload.orderId];
      })
      .addCase(orderUpdateFailed, (state, { payload }) => {
        if (state.updatingOrder === payload.orderId) state.updatingOrder = null;
      })
      .addCase(loggedOut, () => initialStaffState);
  },
});

/** The slice in the store from the moment this module loads (the console's chunk). */
injectLazySlice(staffSlice);

/** The root state once the console's chunk has injected this slice. */
export type WithStaff = RootState & { staff?: StaffState };
const slice = (state: WithStaff): StaffState => state.staff ?? staffSlice.getInitialState();

export const selectInboxSearch = (state: WithStaff) => slice(state).inboxSearch;
export const selectInboxQuery = (state: WithStaff) => slice(state).inboxQuery;
export const selectReplyDraft = (state: WithStaff, conversationId: string) => slice(state).drafts[conversationId] ?? '';
export const selectSendingReplyFor = (state: WithStaff) => slice(state).sendingReplyFor;
export const selectBoardEdits = (state: WithStaff) => slice(state).boardEdits;
export const selectOrderForm = (state: WithStaff, orderId: string): OrderForm => slice(state).orderForms[orderId] ?? EMPTY_ORDER_FORM;
export const selectRefundConfirm = (state: WithStaff) => slice(state).refundConfirm;
export const selectUpdatingOrder = (state: WithStaff) => slice(state).updatingOrder;
