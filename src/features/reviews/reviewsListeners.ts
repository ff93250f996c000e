import { REHYDRATE } from 'redux-persist/es/constants';
import { loggedIn, loggedOut } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectSessionToken } from '../session';
import { reviewsApi } from './reviewsApi';

/**
 * Review pages say whether the viewer voted each review helpful, and the server renders them for
 * a guest: once the account behind the page changes (a login, a logout, or a saved token read back
 * after hydration) the cached pages and own reviews are asked for again, for that account.
 */
export function setupReviewsListeners(startAppListening: AppStartListening) {
  return startAppListening({
    predicate: (action, current) => loggedIn.match(action) || loggedOut.match(action) || (action.type === REHYDRATE && selectSessionToken(current) !== null),
    effect: (_action, api) => {
      api.dispatch(reviewsApi.util.invalidateTags(['Review', 'MyReview']));
    },
  });
}
