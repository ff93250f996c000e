import { baseApi } from '../../api/baseApi';
import { loggedOut } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';

/** Tags whose data belongs to the logged-in shopper. */
const USER_TAGS = ['User', 'Cart', 'Wishlist', 'Order', 'Conversation', 'Message', 'Unread', 'Discount'] as const;

/**
 * After logout no query may keep serving the previous shopper's data: user-owned cache entries
 * are invalidated (public catalog data stays cached).
 */
export function setupSessionListeners(startAppListening: AppStartListening) {
  return startAppListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.invalidateTags([...USER_TAGS]));
    },
  });
}
