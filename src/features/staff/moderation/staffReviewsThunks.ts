import type { ApiError } from '../../../api/errors';
import type { AppDispatch, RootState } from '../../../store/types';
import { staffReviewsApi } from './staffReviewsApi';
import { moderationDone, moderationStarted, reviewSettingsSaved, selectStaffReviews } from './staffReviewsSlice';

type Thunk = (dispatch: AppDispatch, getState: () => RootState) => Promise<void>;
const messageOf = (err: unknown) => (err as ApiError | undefined)?.message || 'That did not work. Please try again.';

/** Runs one moderation call, one at a time, and says how it went. */
function moderate(key: string, run: (dispatch: AppDispatch) => Promise<string>, clears?: string): Thunk {
  return async (dispatch, getState) => {
    if (selectStaffReviews(getState()).busy) return;
    dispatch(moderationStarted(key));
    try {
      dispatch(moderationDone({ text: await run(dispatch), severity: 'success', clears }));
    } catch (err) {
      dispatch(moderationDone({ text: messageOf(err), severity: 'error' }));
    }
  };
}

export const approveReview = (id: string) => moderate(id, async (d) => (await d(staffReviewsApi.endpoints.approveReview.initiate(id)).unwrap()).message ?? 'Review approved', id);

export function rejectReview(): Thunk {
  return async (dispatch, getState) => {
    const rejecting = selectStaffReviews(getState()).rejecting;
    if (!rejecting) return;
    const reason = rejecting.reason.trim();
    if (!reason) {
      dispatch(moderationDone({ text: 'Tell the author why the review was not published', severity: 'error' }));
      return;
    }
    await moderate(rejecting.id, async (d) => (await d(staffReviewsApi.endpoints.rejectReview.initiate({ id: rejecting.id, reason })).unwrap()).message ?? 'Review rejected', rejecting.id)(dispatch, getState);
  };
}

export function approveSelected(): Thunk {
  return async (dispatch, getState) => {
    const ids = selectStaffReviews(getState()).selected;
    if (ids.length === 0) return;
    await moderate('bulk', async (d) => {
      const r = await d(staffReviewsApi.endpoints.approveReviews.initiate(ids)).unwrap();
      return `${r.approved} ${r.approved === 1 ? 'review' : 'reviews'} approved`;
    })(dispatch, getState);
  };
}

export function sendReply(id: string): Thunk {
  return async (dispatch, getState) => {
    const text = (selectStaffReviews(getState()).replies[id] ?? '').trim();
    await moderate(`reply-${id}`, async (d) => (await d(staffReviewsApi.endpoints.replyToReview.initiate({ id, text })).unwrap()).message ?? 'Reply saved', id)(dispatch, getState);
  };
}

/** Saves the publishing switch and the block list (one word or phrase a line). */
export function saveReviewSettings(): Thunk {
  return async (dispatch, getState) => {
    const draft = selectStaffReviews(getState()).settingsDraft;
    if (!draft) return;
    const blockList = [...new Set(draft.blockList.split('\n').map((w) => w.trim()).filter(Boolean))];
    await moderate('settings', async (d) => {
      await d(staffReviewsApi.endpoints.saveReviewSettings.initiate({ publishAtOnce: draft.publishAtOnce, blockList })).unwrap();
      d(reviewSettingsSaved());
      return 'Review settings saved';
    })(dispatch, getState);
  };
}
