/** The bundles feature's public door: what other features and the store use of it. */
export { setupBundleListeners } from './bundleListeners';
export { bundlesApi, selectAllBundles } from './bundlesApi';
export { bundlesSlice } from './bundlesSlice';
