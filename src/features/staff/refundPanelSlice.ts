import { createAction, createSlice, nanoid } from '@reduxjs/toolkit';
import { loggedOut } from '../../store/events';
import { injectLazySlice } from '../../store/lazySliceInjection';
import type { RootState } from '../../store/types';

/** What staff chose in an order's refund panel, kept when a refund fails (a QA replay shows it). */
export interface RefundDraft {
  /** Units to refund per line index. */
  units: Record<number, number>;
  /** An amount in dollars as typed (shipping, goodwill). */
  amount: string;
  reason: string;
  restock: boolean;
  /** The confirmation is open, with the request's key (a retry of the same refund sends it again). */
  confirmKey: string | null;
  sending: boolean;
  error: string | null;
}

export interface RefundPanelState {
  drafts: Record<string, RefundDraft>;
}

export const EMPTY_REFUND_DRAFT: RefundDraft = { units: {}, amount: '', reason: '', restock: false, confirmKey: null, sending: false, error: null };

export const refundUnitsEdited = createAction<{ orderId: string; index: number; units: number }>('refundPanel/unitsEdited');
export const refundAmountEdited = createAction<{ orderId: string; amount: string }>('refundPanel/amountEdited');
export const refundReasonEdited = createAction<{ orderId: string; reason: string }>('refundPanel/reasonEdited');
export const refundRestockToggled = createAction<{ orderId: string; restock: boolean }>('refundPanel/restockToggled');
/** "Refund $X…" pressed: the confirmation opens with a fresh request key (ids come from prepare). */
export const refundConfirmOpened = createAction('refundPanel/confirmOpened', (orderId: string) => ({ payload: { orderId, key: `rf-${nanoid()}` } }));
export const refundConfirmClosed = createAction<{ orderId: string }>('refundPanel/confirmClosed');
export const refundSendStarted = createAction<{ orderId: string }>('refundPanel/sendStarted');
export const refundMade = createAction<{ orderId: string }>('refundPanel/made');
export const refundRefused = createAction<{ orderId: string; message: string }>('refundPanel/refused');

const draftOf = (state: RefundPanelState, orderId: string): RefundDraft => (state.drafts[orderId] ??= { ...EMPTY_REFUND_DRAFT, units: {} });

const refundPanelSlice = createSlice({
  name: 'refundPanel',
  initialState: { drafts: {} } as RefundPanelState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(refundUnitsEdited, (state, { payload }) => {
        const d = draftOf(state, payload.orderId);
        if (payload.units > 0) d.units[payload.index] = payload.units;
        else delete d.units[payload.index];
        d.error = null;
      })
      .addCase(refundAmountEdited, (state, { payload }) => {
        const d = draftOf(state, payload.orderId);
        d.amount = payload.amount;
        d.error = null;
      })
      .addCase(refundReasonEdited, (state, { payload }) => {
        draftOf(state, payload.orderId).reason = payload.reason;
      })
      .addCase(refundRestockToggled, (state, { payload }) => {
        draftOf(state, payload.orderId).restock = payload.restock;
      })
      .addCase(refundConfirmOpened, (state, { payload }) => {
        const d = draftOf(state, payload.orderId);
        if (!d.sending) d.confirmKey ??= payload.key;
      })
      .addCase(refundConfirmClosed, (state, { payload }) => {
        const d = draftOf(state, payload.orderId);
        if (!d.sending) d.confirmKey = null;
      })
      .addCase(refundSendStarted, (state, { payload }) => {
        const d = draftOf(state, payload.orderId);
        d.sending = true;
        d.error = null;
      })
      .addCase(refundMade, (state, { payload }) => {
        delete state.drafts[payload.orderId];
      })
      .addCase(refundRefused, (state, { payload }) => {
        const d = draftOf(state, payload.orderId);
        d.sending = false;
        d.error = payload.message;
        // The same key stays for a retry: a refund that went through before the answer was lost is found, not made twice.
      })
      .addCase(loggedOut, () => ({ drafts: {} }));
  },
});

injectLazySlice(refundPanelSlice);

type WithRefundPanel = RootState & { refundPanel?: RefundPanelState };
export const selectRefundDraft = (state: WithRefundPanel, orderId: string): RefundDraft => state.refundPanel?.drafts[orderId] ?? EMPTY_REFUND_DRAFT;
