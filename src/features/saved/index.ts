/** The saved feature's public door: what other features and the store use of it. */
export { savedSlice } from './savedSlice';
