import { createAction, createSlice, original, type WithSlice } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist/es/constants';
import { REVIEW_LIMITS, REVIEW_SORTS, type ReviewDraft, type ReviewSort } from '../../domain/reviews';
import { loggedOut } from '../../store/events';
import { PERSIST_KEY } from '../../store/persistKey';
import { cleanReviewDrafts } from './rules';

/**
 * The product page's reviews: what the shopper chose to see (sort, star filter, page),
 * the review they are writing (kept per product and saved in the browser, so a reload keeps it),
 * and the form's and report dialog's momentary answers that a QA replay must show.
 */
export interface ReviewsView {
  /** The product the choices are for: another product starts from the defaults. */
  productId: string | null;
  sort: ReviewSort;
  stars: number | null;
  page: number;
}

export type ReviewFormMessage = { text: string; severity: 'success' | 'error' | 'info' };

export interface ReviewFormState {
  productId: string | null;
  open: boolean;
  /** Set by a refused send: field problems show from then on. */
  showProblems: boolean;
  saving: boolean;
  /** Photos on their way to the server. */
  uploading: number;
  message: ReviewFormMessage | null;
  confirmingDelete: boolean;
  deleting: boolean;
}

export interface ReviewReportState {
  reviewId: string | null;
  reason: string;
  sending: boolean;
  error: string | null;
}

export interface ReviewsState {
  view: ReviewsView;
  /** Drafts by product id (persisted). */
  drafts: Record<string, ReviewDraft>;
  form: ReviewFormState;
  report: ReviewReportState;
}

export const EMPTY_DRAFT: ReviewDraft = Object.freeze({ rating: 0, title: '', body: '', photos: [] as string[] }) as ReviewDraft;
const initialView: ReviewsView = { productId: null, sort: 'recent', stars: null, page: 1 };
const initialForm: ReviewFormState = { productId: null, open: false, showProblems: false, saving: false, uploading: 0, message: null, confirmingDelete: false, deleting: false };
const initialReport: ReviewReportState = { reviewId: null, reason: '', sending: false, error: null };
export const initialReviewsState: ReviewsState = { view: initialView, drafts: {}, form: initialForm, report: initialReport };

type P = { productId: string };

// ---- events (past tense) ---------------------------------------------------------------------
export const reviewsSortChosen = createAction<P & { sort: ReviewSort }>('reviews/sortChosen');
/** A distribution bar was pressed: that star count only, or everything again (null, or the same bar). */
export const reviewsStarFilterChosen = createAction<P & { stars: number | null }>('reviews/starFilterChosen');
export const reviewsPageChosen = createAction<P & { page: number }>('reviews/pageChosen');
/** The form opened; `from` is the shopper's saved review (editing), used when no draft is kept. */
export const reviewFormOpened = createAction<P & { from: ReviewDraft | null }>('reviews/formOpened');
export const reviewFormClosed = createAction<P>('reviews/formClosed');
export const reviewRatingChosen = createAction<P & { rating: number }>('reviews/ratingChosen');
export const reviewTitleTyped = createAction<P & { text: string }>('reviews/titleTyped');
export const reviewBodyTyped = createAction<P & { text: string }>('reviews/bodyTyped');
export const reviewPhotoUploadStarted = createAction<P>('reviews/photoUploadStarted');
export const reviewPhotoUploaded = createAction<P & { url: string }>('reviews/photoUploaded');
export const reviewPhotoUploadFailed = createAction<P & { message: string }>('reviews/photoUploadFailed');
export const reviewPhotoRemoved = createAction<P & { index: number }>('reviews/photoRemoved');
/** Send was pressed with a draft the rules refuse: its problems show. */
export const reviewSendRefused = createAction<P>('reviews/sendRefused');
export const reviewSaveStarted = createAction<P>('reviews/saveStarted');
export const reviewSaved = createAction<P & { message: string; published: boolean }>('reviews/saved');
export const reviewSaveFailed = createAction<P & { message: string }>('reviews/saveFailed');
export const reviewDeleteAsked = createAction<P>('reviews/deleteAsked');
export const reviewDeleteCancelled = createAction<P>('reviews/deleteCancelled');
export const reviewDeleteStarted = createAction<P>('reviews/deleteStarted');
export const reviewDeleted = createAction<P & { message: string }>('reviews/deleted');
export const reviewDeleteFailed = createAction<P & { message: string }>('reviews/deleteFailed');
export const reviewReportOpened = createAction<{ reviewId: string }>('reviews/reportOpened');
export const reviewReportReasonTyped = createAction<string>('reviews/reportReasonTyped');
export const reviewReportClosed = createAction('reviews/reportClosed');
export const reviewReportStarted = createAction('reviews/reportStarted');
export const reviewReportSent = createAction('reviews/reportSent');
export const reviewReportFailed = createAction<string>('reviews/reportFailed');

interface RehydrateAction {
  type: typeof REHYDRATE;
  key: string;
  payload?: { reviews?: { drafts?: unknown } } | null;
}
const isRehydrate = (action: { type: string }): action is RehydrateAction => action.type === REHYDRATE;

/** The view for `productId`, starting from the defaults when it was for another product. */
function viewFor(state: ReviewsState, productId: string): ReviewsView {
  if (state.view.productId !== productId) state.view = { ...initialView, productId };
  return state.view;
}
function formFor(state: ReviewsState, productId: string): ReviewFormState {
  if (state.form.productId !== productId) state.form = { ...initialForm, productId };
  return state.form;
}
function draftFor(state: ReviewsState, productId: string): ReviewDraft {
  if (!state.drafts[productId]) state.drafts[productId] = { ...EMPTY_DRAFT, photos: [] };
  return state.drafts[productId];
}
const text = (t: unknown, max: number) => (typeof t === 'string' ? t.slice(0, max) : '');

export const reviewsSlice = createSlice({
  name: 'reviews',
  initialState: initialReviewsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(reviewsSortChosen, (state, { payload }) => {
        if (!(REVIEW_SORTS as readonly string[]).includes(payload.sort)) return;
        const view = viewFor(state, payload.productId);
        view.sort = payload.sort;
        view.page = 1;
      })
      .addCase(reviewsStarFilterChosen, (state, { payload }) => {
        const view = viewFor(state, payload.productId);
        const stars = Number.isInteger(payload.stars) && payload.stars! >= 1 && payload.stars! <= 5 ? payload.stars : null;
        view.stars = stars === view.stars ? null : stars;
        view.page = 1;
      })
      .addCase(reviewsPageChosen, (state, { payload }) => {
        viewFor(state, payload.productId).page = Number.isFinite(payload.page) ? Math.max(1, Math.floor(payload.page)) : 1;
      })
      .addCase(reviewFormOpened, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.open = true;
        form.message = null;
        form.confirmingDelete = false;
        if (!state.drafts[payload.productId]) {
          const from = payload.from;
          state.drafts[payload.productId] = from ? { rating: from.rating, title: from.title, body: from.body, photos: from.photos.slice(0, REVIEW_LIMITS.photosMax) } : { ...EMPTY_DRAFT, photos: [] };
        }
      })
      .addCase(reviewFormClosed, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.open = false;
        form.showProblems = false;
      })
      .addCase(reviewRatingChosen, (state, { payload }) => {
        if (Number.isInteger(payload.rating) && payload.rating >= 1 && payload.rating <= 5) draftFor(state, payload.productId).rating = payload.rating;
      })
      // Typed text is kept as typed (bounded well above the limits, so an over-long paste shows its message).
      .addCase(reviewTitleTyped, (state, { payload }) => {
        draftFor(state, payload.productId).title = text(payload.text, REVIEW_LIMITS.titleMax * 2);
      })
      .addCase(reviewBodyTyped, (state, { payload }) => {
        draftFor(state, payload.productId).body = text(payload.text, REVIEW_LIMITS.bodyMax * 2);
      })
      .addCase(reviewPhotoUploadStarted, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.uploading += 1;
        form.message = null;
      })
      .addCase(reviewPhotoUploaded, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.uploading = Math.max(0, form.uploading - 1);
        const draft = draftFor(state, payload.productId);
        if (draft.photos.length < REVIEW_LIMITS.photosMax && !draft.photos.includes(payload.url)) draft.photos.push(payload.url);
      })
      .addCase(reviewPhotoUploadFailed, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.uploading = Math.max(0, form.uploading - 1);
        form.message = { text: payload.message, severity: 'error' };
      })
      .addCase(reviewPhotoRemoved, (state, { payload }) => {
        const draft = state.drafts[payload.productId];
        if (draft && payload.index >= 0 && payload.index < draft.photos.length) draft.photos.splice(payload.index, 1);
      })
      .addCase(reviewSendRefused, (state, { payload }) => {
        formFor(state, payload.productId).showProblems = true;
      })
      .addCase(reviewSaveStarted, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.saving = true;
        form.message = null;
      })
      .addCase(reviewSaved, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        Object.assign(form, { ...initialForm, productId: payload.productId, message: { text: payload.message, severity: payload.published ? 'success' : 'info' } });
        delete state.drafts[payload.productId];
      })
      .addCase(reviewSaveFailed, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.saving = false;
        form.message = { text: payload.message, severity: 'error' };
      })
      .addCase(reviewDeleteAsked, (state, { payload }) => {
        formFor(state, payload.productId).confirmingDelete = true;
      })
      .addCase(reviewDeleteCancelled, (state, { payload }) => {
        formFor(state, payload.productId).confirmingDelete = false;
      })
      .addCase(reviewDeleteStarted, (state, { payload }) => {
        formFor(state, payload.productId).deleting = true;
      })
      .addCase(reviewDeleted, (state, { payload }) => {
        Object.assign(formFor(state, payload.productId), { ...initialForm, productId: payload.productId, message: { text: payload.message, severity: 'success' } });
        delete state.drafts[payload.productId];
      })
      .addCase(reviewDeleteFailed, (state, { payload }) => {
        const form = formFor(state, payload.productId);
        form.deleting = false;
        form.confirmingDelete = false;
        form.message = { text: payload.message, severity: 'error' };
      })
      .addCase(reviewReportOpened, (state, { payload }) => {
        state.report = { ...initialReport, reviewId: payload.reviewId };
      })
      .addCase(reviewReportReasonTyped, (state, { payload }) => {
        state.report.reason = text(payload, REVIEW_LIMITS.reasonMax * 2);
        state.report.error = null;
      })
      .addCase(reviewReportClosed, (state) => {
        state.report = initialReport;
      })
      .addCase(reviewReportStarted, (state) => {
        state.report.sending = true;
        state.report.error = null;
      })
      .addCase(reviewReportSent, (state) => {
        state.report = initialReport;
      })
      .addCase(reviewReportFailed, (state, { payload }) => {
        state.report.sending = false;
        state.report.error = payload;
      })
      // Drafts are the account holder's words: they leave with the session.
      .addCase(loggedOut, () => initialReviewsState)
      // The saved drafts come back after hydration (store/persistence.ts); the rest is this page's.
      .addMatcher(isRehydrate, (state, action) => {
        const mine = original(state) ?? state;
        if (action.key !== PERSIST_KEY || !action.payload?.reviews) return { ...mine };
        return { ...mine, drafts: { ...cleanReviewDrafts(action.payload.reviews.drafts), ...mine.drafts } };
      });
  },
});

const slice = (state: { reviews?: ReviewsState }) => state.reviews ?? initialReviewsState;
const DEFAULT_VIEW = (productId: string): ReviewsView => ({ ...initialView, productId });
const viewCache = new Map<string, ReviewsView>();

/** The sort, star filter and page shown for `productId` (the defaults until the shopper chooses). */
export function selectReviewsView(state: { reviews?: ReviewsState }, productId: string): ReviewsView {
  const view = slice(state).view;
  if (view.productId === productId) return view;
  let d = viewCache.get(productId);
  if (!d) {
    if (viewCache.size > 50) viewCache.clear();
    viewCache.set(productId, (d = DEFAULT_VIEW(productId)));
  }
  return d;
}
export const selectReviewDraft = (state: { reviews?: ReviewsState }, productId: string): ReviewDraft => slice(state).drafts[productId] ?? EMPTY_DRAFT;
const closedForms = new Map<string, ReviewFormState>();
export function selectReviewForm(state: { reviews?: ReviewsState }, productId: string): ReviewFormState {
  const form = slice(state).form;
  if (form.productId === productId) return form;
  let f = closedForms.get(productId);
  if (!f) {
    if (closedForms.size > 50) closedForms.clear();
    closedForms.set(productId, (f = { ...initialForm, productId }));
  }
  return f;
}
export const selectReviewReport = (state: { reviews?: ReviewsState }): ReviewReportState => slice(state).report;

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof reviewsSlice> {}
}
