/**
 * The key the saved state is stored under (`persist:<key>` in local storage). Its own module: the
 * list slices match REHYDRATE actions by it from page load, while the persist config
 * (store/persist.ts) and redux-persist load after the page is interactive (store/persistence.ts).
 */
export const PERSIST_KEY = 'layerloft';
