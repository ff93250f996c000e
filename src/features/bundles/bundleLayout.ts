/**
 * What the home page's bundle carousel and the bundle page share, kept apart from the carousel's
 * and the card's code: the bundle page (and the store and product pages beside it) would otherwise
 * load the carousel with them (scripts/startupChunks.ts puts what the home page shares with another
 * landing page in the chunk every landing page loads).
 */

/** A bundle picture's proportions (cards, the bundle page's gallery and its skeleton). */
export const BUNDLE_IMAGE_WIDTH = 600;
export const BUNDLE_IMAGE_HEIGHT = 450;

/** The anchor /#bundles scrolls to (the bundle page's back link uses it too). */
export const BUNDLES_ANCHOR = 'bundles';
