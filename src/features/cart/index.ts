/** The cart feature's public door: what other features and the store use of it. */
export { setupCartListeners } from './cartListeners';
export { cartSlice, selectCartItems } from './cartSlice';
export { type PendingChange } from './cartSync';
