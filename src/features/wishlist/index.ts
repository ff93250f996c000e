/** The wishlist feature's public door: what other features and the store use of it. */
export { setupWishlistListeners } from './wishlistListeners';
export { selectWishlistIds } from './wishlistSelectors';
export { heartClicked, wishlistSlice } from './wishlistSlice';
export { wishlistViewSlice } from './wishlistViewSlice';
