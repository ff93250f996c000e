/**
 * The reviews feature's front door: what other features and the app may use. Everything
 * else in this folder is the feature's own.
 */
export { ReviewsSection } from './ReviewsSection';
export { ReviewInvitePage } from './ReviewInvitePage';
export { reviewsApi, type ReviewPageArgs } from './reviewsApi';
export { reviewsSlice } from './reviewsSlice';
export * as reviewsEvents from './reviewsSlice';
export { setupReviewsListeners } from './reviewsListeners';
export { cleanReviewDrafts, storedDraftCount } from './rules';
