import { createAction, createSlice } from '@reduxjs/toolkit';
import type { BulkMoveResult } from '../../../domain/fulfilment';
import { loggedOut } from '../../../store/events';
import { injectLazySlice } from '../../../store/lazySliceInjection';
import type { RootState } from '../../../store/types';
import { pageSelection, toggledSelection } from './rules';

/**
 * What staff type and choose while fulfilling, so a QA replay shows it: each order's note and tag
 * drafts, the board's chosen orders and the last bulk move's answer. Server data stays in the RTK
 * Query cache (fulfilmentApi.ts). Injected with the console's chunk.
 */
export interface FulfilmentState {
  noteDrafts: Record<string, string>;
  tagDrafts: Record<string, string>;
  /** The order whose note is on its way. */
  savingNoteFor: string | null;
  /** Orders chosen on the board, in the order chosen (at most BULK_MAX). */
  selected: string[];
  bulkBusy: boolean;
  /** What the last bulk move did: shown until dismissed. */
  bulkResult: BulkMoveResult | null;
}

const initialState: FulfilmentState = { noteDrafts: {}, tagDrafts: {}, savingNoteFor: null, selected: [], bulkBusy: false, bulkResult: null };

export const noteDraftEdited = createAction<{ orderId: string; text: string }>('fulfilment/noteDraftEdited');
export const noteSaveStarted = createAction<{ orderId: string }>('fulfilment/noteSaveStarted');
export const noteSaved = createAction<{ orderId: string; body: string }>('fulfilment/noteSaved');
export const noteSaveFailed = createAction<{ orderId: string }>('fulfilment/noteSaveFailed');
export const tagDraftEdited = createAction<{ orderId: string; text: string }>('fulfilment/tagDraftEdited');
export const tagAdded = createAction<{ orderId: string }>('fulfilment/tagAdded');
export const boardOrderToggled = createAction<string>('fulfilment/boardOrderToggled');
export const boardPageToggled = createAction<{ ids: string[]; choose: boolean }>('fulfilment/boardPageToggled');
export const boardSelectionCleared = createAction('fulfilment/boardSelectionCleared');
export const bulkMoveStarted = createAction('fulfilment/bulkMoveStarted');
export const bulkMoveFinished = createAction<BulkMoveResult>('fulfilment/bulkMoveFinished');
export const bulkMoveFailed = createAction('fulfilment/bulkMoveFailed');
export const bulkResultDismissed = createAction('fulfilment/bulkResultDismissed');

export const fulfilmentSlice = createSlice({
  name: 'fulfilment',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(noteDraftEdited, (state, { payload }) => {
        if (payload.text === '') delete state.noteDrafts[payload.orderId];
        else state.noteDrafts[payload.orderId] = payload.text.slice(0, 4000);
      })
      .addCase(noteSaveStarted, (state, { payload }) => {
        state.savingNoteFor ??= payload.orderId;
      })
      .addCase(noteSaved, (state, { payload }) => {
        if (state.savingNoteFor === payload.orderId) state.savingNoteFor = null;
        // Only what was saved is cleared: text typed meanwhile stays.
        if ((state.noteDrafts[payload.orderId] ?? '').trim() === payload.body) delete state.noteDrafts[payload.orderId];
      })
      .addCase(noteSaveFailed, (state, { payload }) => {
        if (state.savingNoteFor === payload.orderId) state.savingNoteFor = null;
      })
      .addCase(tagDraftEdited, (state, { payload }) => {
        if (payload.text === '') delete state.tagDrafts[payload.orderId];
        else state.tagDrafts[payload.orderId] = payload.text.slice(0, 60);
      })
      .addCase(tagAdded, (state, { payload }) => {
        delete state.tagDrafts[payload.orderId];
      })
      .addCase(boardOrderToggled, (state, { payload }) => {
        state.selected = toggledSelection(state.selected, payload);
      })
      .addCase(boardPageToggled, (state, { payload }) => {
        state.selected = pageSelection(state.selected, payload.ids, payload.choose);
      })
      .addCase(boardSelectionCleared, (state) => {
        state.selected = [];
      })
      .addCase(bulkMoveStarted, (state) => {
        state.bulkBusy = true;
        state.bulkResult = null;
      })
      .addCase(bulkMoveFinished, (state, { payload }) => {
        state.bulkBusy = false;
        state.bulkResult = payload;
        // What moved is done; what was left stays chosen, to look at or print.
        const moved = new Set(payload.moved.map((m) => m._id));
        state.selected = state.selected.filter((id) => !moved.has(id));
      })
      .addCase(bulkMoveFailed, (state) => {
        state.bulkBusy = false;
      })
      .addCase(bulkResultDismissed, (state) => {
        state.bulkResult = null;
      })
      .addCase(loggedOut, () => initialState);
  },
});

injectLazySlice(fulfilmentSlice);

type WithFulfilment = RootState & { fulfilment?: FulfilmentState };
const slice = (state: WithFulfilment): FulfilmentState => state.fulfilment ?? initialState;
const NONE: string[] = [];

export const selectNoteDraft = (state: WithFulfilment, orderId: string) => slice(state).noteDrafts[orderId] ?? '';
export const selectTagDraft = (state: WithFulfilment, orderId: string) => slice(state).tagDrafts[orderId] ?? '';
export const selectSavingNoteFor = (state: WithFulfilment) => slice(state).savingNoteFor;
export const selectBoardSelection = (state: WithFulfilment) => slice(state).selected ?? NONE;
export const selectBulkBusy = (state: WithFulfilment) => slice(state).bulkBusy;
export const selectBulkResult = (state: WithFulfilment) => slice(state).bulkResult;
