import { navigationRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import type { NavigatorSlot } from '../../store/slots';

/** `router/navigationRequested` moves the browser (the slice already holds the new location). */
export function setupRouterListeners(startAppListening: AppStartListening, navigator: NavigatorSlot) {
  startAppListening({
    actionCreator: navigationRequested,
    effect: ({ payload }) => {
      navigator.navigate(payload.to, { replace: payload.replace, state: payload.state });
    },
  });
}
