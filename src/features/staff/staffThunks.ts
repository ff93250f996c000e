import { serverMessage } from '../../api/errors';
import { formatMoney } from '../../domain/money';
import { navigationRequested, toastRequested } from '../../store/events';
import { selectLocation } from '../router';
import type { StoreDeps } from '../../store/deps';
import type { AppDispatch, RootState } from '../../store/types';
import { boardQueryArgs, boardSearch, canSendReply, parseBoardFilters, planOrderUpdate, STAFF_TEXT, type BoardFilters } from './rules';
import { saveCsv } from './saveCsv';
import { staffApi } from './staffApi';
import {
  boardFiltersApplied,
  orderUpdateFailed,
  orderUpdateSaved,
  orderUpdateStarted,
  refundConfirmAsked,
  replyDelivered,
  replySendFailed,
  replySendStarted,
  selectBoardEdits,
  selectOrderForm,
  selectReplyDraft,
  selectSendingReplyFor,
  selectUpdatingOrder,
} from './staffSlice';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreDeps) => R;

/**
 * Sends the conversation's draft as a staff reply (the shopper sees it live: the server emits it to
 * their room). One at a time; on failure the draft stays and a toast says why.
 */
export function sendReply(conversationId: string, email: string): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const draft = selectReplyDraft(getState(), conversationId);
    if (!canSendReply(draft, selectSendingReplyFor(getState()) !== null)) return;
    const body = draft.trim();
    dispatch(replySendStarted({ conversationId }));
    const result = await dispatch(staffApi.endpoints.sendStaffReply.initiate({ email, text: body }, { track: false }));
    if ('error' in result) {
      dispatch(replySendFailed({ conversationId }));
      dispatch(toastRequested(serverMessage(result.error) ?? STAFF_TEXT.replyFailed, 'error'));
      return;
    }
    dispatch(replyDelivered({ conversationId, body }));
  };
}

/** The order board's filters now shown (from the url). */
export const selectBoardFilters = (state: RootState): BoardFilters => parseBoardFilters(selectLocation(state).search);

/**
 * Applies the board's edited filters (and `patch`, e.g. a status or a page) by moving the url: the
 * filters live there, so a link or a reload shows the same page. Any change but the page's goes back to page 1.
 */
export function applyBoardFilters(patch: Partial<BoardFilters> = {}): Thunk<void> {
  return (dispatch, getState) => {
    const state = getState();
    const current = selectBoardFilters(state);
    const next: BoardFilters = { ...current, ...selectBoardEdits(state), ...patch };
    if (patch.page === undefined) next.page = 1;
    dispatch(boardFiltersApplied());
    dispatch(navigationRequested(`/staff/orders${boardSearch(next)}`));
  };
}

/**
 * 'Export CSV' on the board: the current filters (every page) fetched from the server and saved as
 * a file through the browser; a failure is said in a toast.
 */
export function exportBoard(): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const { page: _page, pageSize: _pageSize, ...args } = boardQueryArgs(selectBoardFilters(getState()));
    const result = await dispatch(staffApi.endpoints.exportStaffOrders.initiate(args, { track: false }));
    if ('error' in result && result.error) {
      dispatch(toastRequested(serverMessage(result.error) || STAFF_TEXT.exportFailed, 'error'));
      return;
    }
    saveCsv(`orders-${new Date().toISOString().slice(0, 10)}.csv`, result.data ?? '');
  };
}

/** Clears every board filter. */
export function resetBoardFilters(): Thunk<void> {
  return (dispatch) => {
    dispatch(boardFiltersApplied());
    dispatch(navigationRequested('/staff/orders'));
  };
}

/**
 * Saves the order page's form: the rules decide what is sent; a move that refunds asks to be
 * confirmed first (`confirmed` is the dialog's answer). A failure keeps the form and says why.
 */
export function submitOrderUpdate(orderId: string, { confirmed = false }: { confirmed?: boolean } = {}): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const state = getState();
    const page = staffApi.endpoints.getStaffOrder.select(orderId)(state).data;
    if (!page || selectUpdatingOrder(state) !== null) return;
    const order = page.order;
    const plan = planOrderUpdate({ _id: order._id, status: order.status, paid: order.payment.paidAt !== null, trackingNumber: order.trackingNumber }, selectOrderForm(state, orderId));
    if (!plan.ok) {
      dispatch(toastRequested(plan.message, 'warning'));
      return;
    }
    if (plan.refund && !confirmed) {
      dispatch(refundConfirmAsked({ orderId, status: plan.body.status! }));
      return;
    }
    dispatch(orderUpdateStarted({ orderId }));
    const result = await dispatch(staffApi.endpoints.updateOrderStatus.initiate(plan.body, { track: false }));
    if ('error' in result) {
      dispatch(orderUpdateFailed({ orderId }));
      dispatch(toastRequested(serverMessage(result.error) ?? STAFF_TEXT.updateFailed, 'error'));
      return;
    }
    dispatch(orderUpdateSaved({ orderId }));
    const { refund, order: saved } = result.data;
    if (refund) dispatch(toastRequested(STAFF_TEXT.refunded(formatMoney(refund.amount)), 'success'));
    dispatch(toastRequested(plan.body.status ? STAFF_TEXT.moveSaved(saved.status) : STAFF_TEXT.trackingSaved, 'success'));
  };
}
