import { baseApi } from '../../../api/baseApi';
import type { HeldReason, OwnReview } from '../../../domain/reviews';

/** A review as the moderation queue shows it (server/repositories/reviews.ts ModeratedReview). */
export interface ModeratedReview extends OwnReview {
  productName: string;
  authorEmail: string;
  heldReason: HeldReason | null;
  reportCount: number;
  reportReasons: string[];
}
export const QUEUE_FILTERS = ['pending', 'approved', 'rejected', 'reported'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
export interface StaffReviewQueue {
  reviews: ModeratedReview[];
  total: number;
  page: number;
  pages: number;
}
export interface ReviewModerationSettings {
  publishAtOnce: boolean;
  blockList: string[];
}

const QUEUE = { type: 'StaffReview', id: 'QUEUE' } as const;
// A decision changes what shoppers read: their lists, the stars on cards and the product pages.
const SHOP = [{ type: 'Review' as const }, { type: 'Product' as const, id: 'LIST' }];

/** Review moderation: the staff API of server/routes/staffReviews.ts. */
export const staffReviewsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReviewQueue: build.query<StaffReviewQueue, { status: QueueFilter; page: number }>({
      query: ({ status, page }) => `/api/staff/reviews?status=${status}&page=${page}`,
      transformResponse: (r: StaffReviewQueue) => ({ reviews: r.reviews, total: r.total, page: r.page, pages: r.pages }),
      providesTags: [QUEUE],
    }),
    approveReview: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/staff/reviews/${encodeURIComponent(id)}/approve`, method: 'POST', body: {} }),
      invalidatesTags: [QUEUE, ...SHOP],
    }),
    rejectReview: build.mutation<{ message: string }, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/staff/reviews/${encodeURIComponent(id)}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: [QUEUE, ...SHOP],
    }),
    approveReviews: build.mutation<{ approved: number; missing: string[] }, string[]>({
      query: (ids) => ({ url: '/api/staff/reviews/approve', method: 'POST', body: { ids } }),
      invalidatesTags: [QUEUE, ...SHOP],
    }),
    replyToReview: build.mutation<{ message: string }, { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `/api/staff/reviews/${encodeURIComponent(id)}/reply`, method: 'POST', body: { text } }),
      invalidatesTags: [QUEUE, { type: 'Review' }],
    }),
    getReviewSettings: build.query<ReviewModerationSettings, void>({
      query: () => '/api/staff/reviews/settings',
      transformResponse: (r: { settings: ReviewModerationSettings }) => r.settings,
      providesTags: [{ type: 'StaffReview', id: 'SETTINGS' }],
    }),
    saveReviewSettings: build.mutation<ReviewModerationSettings, Partial<ReviewModerationSettings>>({
      query: (body) => ({ url: '/api/staff/reviews/settings', method: 'POST', body }),
      transformResponse: (r: { settings: ReviewModerationSettings }) => r.settings,
      invalidatesTags: [{ type: 'StaffReview', id: 'SETTINGS' }],
    }),
  }),
});

export const { useGetReviewQueueQuery, useGetReviewSettingsQuery } = staffReviewsApi;
