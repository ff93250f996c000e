/** The ui feature's public door: what other features and the store use of it. */
export { setupToastListeners } from './toasts';
export { whenToastAsked } from './toastOutlet';
export { uiSlice } from './uiSlice';
