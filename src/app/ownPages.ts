/**
 * The shopper's own pages (SPEC §2: cart, checkout, My Orders, wishlist): the server renders them as
 * a guest's skeleton, and nothing of their content can show before the app has read the saved token
 * and lists back. src/boot.ts starts the app at once there, and main.tsx reads the saved state back
 * before hydration.
 */
export const OWN_PAGE = /^\/(?:cart|place-order|orders|wishlist)\/?$/;
