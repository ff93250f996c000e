/** The checkout feature's public door: what other features and the store use of it. */
export { setupCheckoutCleanupListeners } from './checkoutCleanup';
