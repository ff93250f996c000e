import { serverMessage } from '../../../api/errors';
import { orderNoteError, orderTagError, normaliseOrderTag } from '../../../domain/fulfilment';
import { toastRequested } from '../../../store/events';
import type { AppDispatch, RootState } from '../../../store/types';
import { STAFF_TEXT } from '../rules';
import { staffApi } from '../staffApi';
import { saveCsv } from '../saveCsv';
import { fulfilmentApi } from './fulfilmentApi';
import {
  bulkMoveFailed,
  bulkMoveFinished,
  bulkMoveStarted,
  noteSaved,
  noteSaveFailed,
  noteSaveStarted,
  selectBoardSelection,
  selectBulkBusy,
  selectNoteDraft,
  selectSavingNoteFor,
  selectTagDraft,
  tagAdded,
} from './fulfilmentSlice';
import { addressText, FULFIL_TEXT } from './rules';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState) => R;

/** Saves the order's note draft (checked first by the server's rule); the draft stays on failure. */
export function saveOrderNote(orderId: string): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const draft = selectNoteDraft(getState(), orderId);
    if (selectSavingNoteFor(getState()) !== null) return;
    const problem = orderNoteError(draft);
    if (problem) {
      dispatch(toastRequested(problem, 'warning'));
      return;
    }
    const body = draft.trim();
    dispatch(noteSaveStarted({ orderId }));
    const result = await dispatch(fulfilmentApi.endpoints.addOrderNote.initiate({ orderId, body }, { track: false }));
    if ('error' in result) {
      dispatch(noteSaveFailed({ orderId }));
      dispatch(toastRequested(serverMessage(result.error) ?? FULFIL_TEXT.noteFailed, 'error'));
      return;
    }
    dispatch(noteSaved({ orderId, body }));
    dispatch(toastRequested(FULFIL_TEXT.noteSaved, 'success'));
  };
}

/** Adds the typed tag (or `tag`, a suggestion chosen) to the order. */
export function addOrderTag(orderId: string, tag?: string): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const raw = tag ?? selectTagDraft(getState(), orderId);
    const problem = orderTagError(raw);
    if (problem) {
      dispatch(toastRequested(problem, 'warning'));
      return;
    }
    const result = await dispatch(fulfilmentApi.endpoints.addOrderTag.initiate({ orderId, tag: normaliseOrderTag(raw) }, { track: false }));
    if ('error' in result) {
      dispatch(toastRequested(serverMessage(result.error) ?? FULFIL_TEXT.tagFailed, 'error'));
      return;
    }
    dispatch(tagAdded({ orderId }));
  };
}

export function removeOrderTag(orderId: string, tag: string): Thunk<Promise<void>> {
  return async (dispatch) => {
    const result = await dispatch(fulfilmentApi.endpoints.removeOrderTag.initiate({ orderId, tag }, { track: false }));
    if ('error' in result) dispatch(toastRequested(serverMessage(result.error) ?? FULFIL_TEXT.tagFailed, 'error'));
  };
}

/** Copies the delivery address through the browser's clipboard; says whether it worked. */
export function copyAddress(address: Parameters<typeof addressText>[0]): Thunk<Promise<void>> {
  return async (dispatch) => {
    try {
      await navigator.clipboard.writeText(addressText(address));
      dispatch(toastRequested(FULFIL_TEXT.copied, 'success'));
    } catch {
      dispatch(toastRequested(FULFIL_TEXT.copyFailed, 'warning'));
    }
  };
}

/** Moves the board's chosen orders to Processing; the answer (moved, and what was left with why) stays on screen. */
export function moveSelectionToProcessing(): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const ids = selectBoardSelection(getState());
    if (selectBulkBusy(getState())) return;
    if (ids.length === 0) {
      dispatch(toastRequested(FULFIL_TEXT.nothingChosen, 'warning'));
      return;
    }
    dispatch(bulkMoveStarted());
    const result = await dispatch(fulfilmentApi.endpoints.bulkMoveOrders.initiate({ ids }, { track: false }));
    if ('error' in result) {
      dispatch(bulkMoveFailed());
      dispatch(toastRequested(serverMessage(result.error) ?? FULFIL_TEXT.bulkFailed, 'error'));
      return;
    }
    dispatch(bulkMoveFinished(result.data));
    if (result.data.moved.length) dispatch(toastRequested(FULFIL_TEXT.moved(result.data.moved.length), 'success'));
  };
}

/** The chosen orders as CSV (the board's export, limited to them). */
export function exportSelection(): Thunk<Promise<void>> {
  return async (dispatch, getState) => {
    const ids = selectBoardSelection(getState());
    if (ids.length === 0) {
      dispatch(toastRequested(FULFIL_TEXT.nothingChosen, 'warning'));
      return;
    }
    const result = await dispatch(staffApi.endpoints.exportStaffOrders.initiate({ ids: ids.join(',') }, { track: false }));
    if ('error' in result && result.error) {
      dispatch(toastRequested(serverMessage(result.error) || STAFF_TEXT.exportFailed, 'error'));
      return;
    }
    saveCsv(`orders-selected-${ids.length}.csv`, result.data ?? '');
  };
}
