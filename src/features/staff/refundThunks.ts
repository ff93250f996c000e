import { serverMessage } from '../../api/errors';
import { formatMoney } from '../../domain/money';
import type { RefundPanel } from '../../domain/refunds';
import { toastRequested } from '../../store/events';
import type { StoreDeps } from '../../store/deps';
import type { AppDispatch, RootState } from '../../store/types';
import { refundApi } from './refundApi';
import { refundMade, refundRefused, refundSendStarted, selectRefundDraft } from './refundPanelSlice';
import { parseAmountCents, refundPreview } from './refundRules';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreDeps) => R;

/**
 * Sends the confirmed refund of an order's panel under the key the confirmation opened with: a
 * retry after a failure sends the same key, so a refund the server made before its answer was
 * lost is answered, not made again. On failure the draft stays with the server's message.
 */
export function submitRefund(panel: RefundPanel): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const orderId = panel.orderId;
    const draft = selectRefundDraft(getState(), orderId);
    const preview = refundPreview(panel, draft);
    if (draft.sending || !draft.confirmKey) return;
    if (!preview.ok) {
      dispatch(refundRefused({ orderId, message: preview.message ?? 'Choose the items to refund or enter an amount' }));
      return;
    }
    dispatch(refundSendStarted({ orderId }));
    const body = {
      lines: Object.entries(draft.units).map(([index, quantity]) => ({ index: Number(index), quantity })),
      amount: (parseAmountCents(draft.amount) ?? 0) / 100,
      ...(draft.reason.trim() ? { reason: draft.reason.trim() } : {}),
      restock: draft.restock,
      idempotencyKey: draft.confirmKey,
    };
    const result = await dispatch(refundApi.endpoints.refundOrder.initiate({ orderId, body }, { track: false }));
    if ('error' in result) {
      dispatch(refundRefused({ orderId, message: serverMessage(result.error) ?? 'The refund could not be made. Please try again.' }));
      return;
    }
    dispatch(refundMade({ orderId }));
    dispatch(toastRequested(`Refunded ${formatMoney(result.data.refund.amount)}`, 'success'));
  };
}
