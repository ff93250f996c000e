/**
 * The reviews feature's front door: what the store and other features may use. No screen goes
 * through it: the store imports this module on every page, so a screen exported here would load
 * the reviews section (and its dialogs, gallery and pagination) before any page could start. The
 * app's pages import the screens from their files (ReviewsSection.tsx, ReviewInvitePage.tsx).
 */
export { reviewsApi, type ReviewPageArgs } from './reviewsApi';
export { reviewsSlice } from './reviewsSlice';
export * as reviewsEvents from './reviewsSlice';
export { setupReviewsListeners } from './reviewsListeners';
export { cleanReviewDrafts, storedDraftCount } from './rules';
