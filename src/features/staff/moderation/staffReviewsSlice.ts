import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../../../store/events';
import { injectLazySlice } from '../../../store/lazySliceInjection';
import type { RootState } from '../../../store/types';
import { QUEUE_FILTERS, type QueueFilter } from './staffReviewsApi';

/**
 * The moderation queue's view and drafts: the filter and page, the reviews ticked for
 * bulk approval, the reason and reply being typed, and the settings form.
 */
export interface StaffReviewsState {
  filter: QueueFilter;
  page: number;
  selected: string[];
  /** The review whose rejection is being written, and its reason. */
  rejecting: { id: string; reason: string } | null;
  /** Reply drafts by review id. */
  replies: Record<string, string>;
  busy: string | null;
  /** The settings form: null until edited (the saved settings show). */
  settingsDraft: { publishAtOnce: boolean; blockList: string } | null;
  message: { text: string; severity: 'success' | 'error' } | null;
}

const initialState: StaffReviewsState = { filter: 'pending', page: 1, selected: [], rejecting: null, replies: {}, busy: null, settingsDraft: null, message: null };

export const queueFilterChosen = createAction<QueueFilter>('staffReviews/filterChosen');
export const queuePageChosen = createAction<number>('staffReviews/pageChosen');
export const queueReviewTicked = createAction<string>('staffReviews/reviewTicked');
export const rejectOpened = createAction<string>('staffReviews/rejectOpened');
export const rejectReasonTyped = createAction<string>('staffReviews/rejectReasonTyped');
export const rejectClosed = createAction('staffReviews/rejectClosed');
export const replyTyped = createAction<{ id: string; text: string }>('staffReviews/replyTyped');
export const moderationStarted = createAction<string>('staffReviews/moderationStarted');
export const moderationDone = createAction<{ text: string; severity: 'success' | 'error'; clears?: string }>('staffReviews/moderationDone');
export const reviewSettingsEdited = createAction<{ publishAtOnce: boolean; blockList: string }>('staffReviews/settingsEdited');
export const reviewSettingsSaved = createAction('staffReviews/settingsSaved');

export const staffReviewsSlice = createSlice({
  name: 'staffReviews',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(queueFilterChosen, (state, { payload }) => {
        if (!(QUEUE_FILTERS as readonly string[]).includes(payload)) return;
        Object.assign(state, { filter: payload, page: 1, selected: [], rejecting: null });
      })
      .addCase(queuePageChosen, (state, { payload }) => {
        state.page = Number.isInteger(payload) && payload > 0 ? payload : 1;
        state.selected = [];
      })
      .addCase(queueReviewTicked, (state, { payload }) => {
        state.selected = state.selected.includes(payload) ? state.selected.filter((id) => id !== payload) : [...state.selected, payload];
      })
      .addCase(rejectOpened, (state, { payload }) => {
        state.rejecting = { id: payload, reason: '' };
      })
      .addCase(rejectReasonTyped, (state, { payload }) => {
        if (state.rejecting) state.rejecting.reason = payload.slice(0, 1000);
      })
      .addCase(rejectClosed, (state) => {
        state.rejecting = null;
      })
      .addCase(replyTyped, (state, { payload }) => {
        state.replies[payload.id] = payload.text.slice(0, 4000);
      })
      .addCase(moderationStarted, (state, { payload }) => {
        state.busy = payload;
        state.message = null;
      })
      .addCase(moderationDone, (state, { payload }) => {
        state.busy = null;
        state.message = { text: payload.text, severity: payload.severity };
        if (payload.severity === 'success') {
          state.selected = [];
          if (payload.clears) {
            delete state.replies[payload.clears];
            if (state.rejecting?.id === payload.clears) state.rejecting = null;
          }
        }
      })
      .addCase(reviewSettingsEdited, (state, { payload }) => {
        state.settingsDraft = payload;
      })
      .addCase(reviewSettingsSaved, (state) => {
        state.settingsDraft = null;
      })
      .addCase(loggedOut, () => initialState);
  },
});

declare module '../../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging of the lazy slices
  interface LazyLoadedSlices extends WithSlice<typeof staffReviewsSlice> {}
}

/** The slice in the store from the moment this module loads (the moderation screen's chunk). */
injectLazySlice(staffReviewsSlice);
export const selectStaffReviews = (state: RootState): StaffReviewsState => state.staffReviews ?? staffReviewsSlice.getInitialState();
