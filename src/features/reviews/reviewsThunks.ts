import type { ApiError } from '../../api/errors';
import { REVIEW_MESSAGES, reviewDraftProblems } from '../../domain/reviews';
import { toastRequested } from '../../store/events';
import type { StoreDeps } from '../../store/deps';
import type { AppDispatch, RootState } from '../../store/types';
import { holdPhoto, releasePhoto, reviewsApi, type ReviewPageArgs } from './reviewsApi';
import {
  reviewDeleted,
  reviewDeleteFailed,
  reviewDeleteStarted,
  reviewPhotoUploaded,
  reviewPhotoUploadFailed,
  reviewPhotoUploadStarted,
  reviewReportFailed,
  reviewReportSent,
  reviewReportStarted,
  reviewSaved,
  reviewSaveFailed,
  reviewSaveStarted,
  reviewSendRefused,
  selectReviewDraft,
  selectReviewForm,
  selectReviewReport,
} from './reviewsSlice';
import { PHOTO_MESSAGES, photoProblem } from './rules';

type Thunk<R = Promise<void>> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreDeps) => R;

const messageOf = (err: unknown, fallback: string) => {
  const m = (err as ApiError | undefined)?.message;
  return typeof m === 'string' && m.trim() ? m : fallback;
};

/** Sends the product's draft when the shared rules accept it; otherwise its problems show. */
export function sendReview(productId: string): Thunk {
  return async (dispatch, getState) => {
    const state = getState();
    const form = selectReviewForm(state, productId);
    if (form.saving || form.uploading > 0) return;
    const draft = selectReviewDraft(state, productId);
    if (Object.keys(reviewDraftProblems(draft)).length > 0) {
      dispatch(reviewSendRefused({ productId }));
      return;
    }
    dispatch(reviewSaveStarted({ productId }));
    try {
      const saved = await dispatch(
        reviewsApi.endpoints.saveReview.initiate({ productId, rating: draft.rating, title: draft.title.trim(), body: draft.body.trim(), photos: [...draft.photos] }, { track: false }),
      ).unwrap();
      dispatch(reviewSaved({ productId, message: saved.message, published: saved.review.status === 'approved' }));
    } catch (err) {
      dispatch(reviewSaveFailed({ productId, message: messageOf(err, 'Your review could not be sent. Please try again.') }));
    }
  };
}

/** Deletes the shopper's own review (after the form's confirmation). */
export function deleteReview(productId: string, reviewId: string): Thunk {
  return async (dispatch, getState) => {
    if (selectReviewForm(getState(), productId).deleting) return;
    dispatch(reviewDeleteStarted({ productId }));
    try {
      const { message } = await dispatch(reviewsApi.endpoints.deleteReview.initiate({ reviewId, productId }, { track: false })).unwrap();
      dispatch(reviewDeleted({ productId, message }));
    } catch (err) {
      dispatch(reviewDeleteFailed({ productId, message: messageOf(err, 'Your review could not be deleted. Please try again.') }));
    }
  };
}

let photoCounter = 0;

/** Checks a picked photo, uploads it and attaches the stored picture to the draft. */
export function attachPhoto(productId: string, file: File): Thunk {
  return async (dispatch, getState) => {
    const draft = selectReviewDraft(getState(), productId);
    const form = selectReviewForm(getState(), productId);
    const problem = photoProblem(file, draft.photos.length + form.uploading);
    dispatch(reviewPhotoUploadStarted({ productId }));
    if (problem) {
      dispatch(reviewPhotoUploadFailed({ productId, message: problem }));
      return;
    }
    const fileId = `review-photo-${++photoCounter}`;
    holdPhoto(fileId, file);
    try {
      const { url } = await dispatch(reviewsApi.endpoints.uploadReviewPhoto.initiate({ fileId, productId }, { track: false })).unwrap();
      dispatch(reviewPhotoUploaded({ productId, url }));
    } catch (err) {
      dispatch(reviewPhotoUploadFailed({ productId, message: messageOf(err, PHOTO_MESSAGES.failed) }));
    } finally {
      releasePhoto(fileId);
    }
  };
}

/** Sends the open report with its reason. */
export function sendReport(): Thunk {
  return async (dispatch, getState) => {
    const report = selectReviewReport(getState());
    if (!report.reviewId || report.sending) return;
    const reason = report.reason.trim();
    if (!reason) {
      dispatch(reviewReportFailed('Say briefly what is wrong with this review.'));
      return;
    }
    dispatch(reviewReportStarted());
    try {
      const { message } = await dispatch(reviewsApi.endpoints.reportReview.initiate({ reviewId: report.reviewId, reason }, { track: false })).unwrap();
      dispatch(reviewReportSent());
      dispatch(toastRequested(message || REVIEW_MESSAGES.reported, 'success'));
    } catch (err) {
      dispatch(reviewReportFailed(messageOf(err, 'The report could not be sent. Please try again.')));
    }
  };
}

/** A helpful vote on a review of the page shown (optimistic: reviewsApi patches and rolls back). */
export function voteHelpful(reviewId: string, helpful: boolean, page: ReviewPageArgs): Thunk<void> {
  return (dispatch) => {
    void dispatch(reviewsApi.endpoints.voteHelpful.initiate({ reviewId, helpful, page }, { track: false }));
  };
}
