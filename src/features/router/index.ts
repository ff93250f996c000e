/** The router feature's public door: what other features and the store use of it. */
export { createNavigatorSlot } from './navigator';
export { setupRouterListeners } from './routerListeners';
export { routerSlice, selectLocation } from './routerSlice';
export { useCanHoldNavigation, useHeldNavigation, type HeldNavigation, type ShouldBlock } from './heldNavigation';
