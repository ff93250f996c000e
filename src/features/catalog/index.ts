/** The catalog feature's public door: what other features and the store use of it. */
export { selectProducts, selectShopTimeZone } from './catalogApi';
export { setupCatalogListeners } from './catalogListeners';
export { selectCatalogLookup, selectCatalogStatus } from './catalogLookup';
export { catalogSlice } from './catalogSlice';
export { setupDeletedProductsListener } from './deletedProductsListener';
