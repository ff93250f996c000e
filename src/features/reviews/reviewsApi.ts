import { baseApi } from '../../api/baseApi';
import { serverMessage, type ApiError } from '../../api/errors';
import type { OwnReview, Review, ReviewDraft, ReviewEligibility, ReviewPage, ReviewSort } from '../../domain/reviews';
import { toastRequested } from '../../store/events';

/** Shown when a helpful vote could not be saved (the count and the button go back). */
export const HELPFUL_VOTE_ERROR = 'Could not save your vote. Please try again.';

/** One page of a product's approved reviews, as the product page asks for it. */
export interface ReviewPageArgs {
  productId: string;
  sort: ReviewSort;
  stars: number | null;
  page: number;
}

export interface SaveReviewArgs extends ReviewDraft {
  productId: string;
}
export interface SavedReview {
  message: string;
  review: OwnReview;
}
export interface HelpfulArgs {
  reviewId: string;
  helpful: boolean;
  /** The page the vote was cast on: the one cache entry patched at once. */
  page: ReviewPageArgs;
}
export interface UploadedPhoto {
  url: string;
}

/** The query string of a page of reviews: defaults left out, so one page has one cache key on both sides. */
export function reviewPageUrl({ productId, sort, stars, page }: ReviewPageArgs): string {
  const q = new URLSearchParams();
  if (sort !== 'recent') q.set('sort', sort);
  if (stars !== null) q.set('stars', String(stars));
  if (page > 1) q.set('page', String(page));
  const qs = q.toString();
  return `/api/reviews/product/${encodeURIComponent(productId)}${qs ? `?${qs}` : ''}`;
}

/** Files picked for a review's photos, held outside the store (a File is not serializable) until sent. */
const pendingPhotos = new Map<string, File>();
export function holdPhoto(id: string, file: File): void {
  pendingPhotos.set(id, file);
}
export function releasePhoto(id: string): void {
  pendingPhotos.delete(id);
}

const withVote = (review: Review, helpful: boolean): void => {
  if (review.votedHelpful === helpful) return;
  review.votedHelpful = helpful;
  review.helpful = Math.max(0, review.helpful + (helpful ? 1 : -1));
};

/** The reviews calls: public lists, and the logged-in shopper's own review, votes and reports. */
export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.query<ReviewPage, ReviewPageArgs>({
      query: reviewPageUrl,
      providesTags: (_r, _e, { productId }) => [{ type: 'Review', id: productId }],
    }),
    /** Whether the shopper may review the product, and their own review (any state). */
    getMyReview: build.query<ReviewEligibility, string>({
      query: (productId) => `/api/reviews/mine/${encodeURIComponent(productId)}`,
      providesTags: (_r, _e, productId) => [{ type: 'MyReview', id: productId }],
    }),
    saveReview: build.mutation<SavedReview, SaveReviewArgs>({
      query: (body) => ({ url: '/api/reviews', method: 'POST', body }),
      transformResponse: (r: SavedReview) => ({ message: r.message, review: r.review }),
      invalidatesTags: (_r, _e, { productId }) => [
        { type: 'MyReview', id: productId },
        { type: 'Review', id: productId },
      ],
    }),
    deleteReview: build.mutation<{ message: string }, { reviewId: string; productId: string }>({
      query: ({ reviewId }) => ({ url: `/api/reviews/${encodeURIComponent(reviewId)}/delete`, method: 'POST' }),
      transformResponse: (r: { message: string }) => ({ message: r.message }),
      invalidatesTags: (_r, _e, { productId }) => [
        { type: 'MyReview', id: productId },
        { type: 'Review', id: productId },
        { type: 'Product', id: productId },
        { type: 'Product', id: 'LIST' },
      ],
    }),
    /**
     * "Helpful": optimistic like the wishlist heart (STYLE rule 5): the page shows the vote at once,
     * goes back with a toast when the server refuses, and takes the server's count when it answers.
     */
    voteHelpful: build.mutation<{ helpful: number; votedHelpful: boolean }, HelpfulArgs>({
      query: ({ reviewId, helpful }) => ({ url: `/api/reviews/${encodeURIComponent(reviewId)}/helpful`, method: 'POST', body: { helpful } }),
      transformResponse: (r: { helpful: number; votedHelpful: boolean }) => ({ helpful: r.helpful, votedHelpful: r.votedHelpful }),
      async onQueryStarted({ reviewId, helpful, page }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          reviewsApi.util.updateQueryData('getProductReviews', page, (draft) => {
            const review = draft.reviews.find((r) => r._id === reviewId);
            if (review) withVote(review, helpful);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            reviewsApi.util.updateQueryData('getProductReviews', page, (draft) => {
              const review = draft.reviews.find((r) => r._id === reviewId);
              if (review) Object.assign(review, data);
            }),
          );
        } catch (err) {
          patch.undo();
          const error = (err as { error?: ApiError } | undefined)?.error;
          // A 401 is the session feature's news; a refusal with a reason (own review, limit) says it.
          if (error?.status !== 401) dispatch(toastRequested(serverMessage(error) ?? HELPFUL_VOTE_ERROR, 'error'));
        }
      },
    }),
    reportReview: build.mutation<{ message: string }, { reviewId: string; reason: string }>({
      query: ({ reviewId, reason }) => ({ url: `/api/reviews/${encodeURIComponent(reviewId)}/report`, method: 'POST', body: { reason } }),
      transformResponse: (r: { message: string }) => ({ message: r.message }),
    }),
    /** Multipart upload of a photo held by `holdPhoto` (field `file`). */
    uploadReviewPhoto: build.mutation<UploadedPhoto, { fileId: string; productId: string }>({
      query: ({ fileId, productId }) => {
        const body = new FormData();
        const file = pendingPhotos.get(fileId);
        if (file) body.append('file', file, file.name);
        // The file is the multipart body's only part: the product rides in the query.
        return { url: `/api/reviews/photos?productId=${encodeURIComponent(productId)}`, method: 'POST', body };
      },
      transformResponse: (r: { image: { url: string } }) => ({ url: r.image.url }),
    }),
    /** The product a signed review link (from the e-mail after delivery) is for. */
    getReviewInvite: build.query<{ productId: string }, string>({
      query: (token) => `/api/reviews/invite?token=${encodeURIComponent(token)}`,
      transformResponse: (r: { productId: string }) => ({ productId: r.productId }),
    }),
  }),
});

export const { useGetProductReviewsQuery, useGetMyReviewQuery, useGetReviewInviteQuery } = reviewsApi;
