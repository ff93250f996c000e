import { toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { showToast } from './toastOutlet';

/**
 * `toastRequested` (SPEC §8 toasts) is a cross-feature event declared in store/events.ts (other
 * features may not import this one); re-exported here for the ui feature's own callers. Showing
 * it is the one side effect, done by the listener below through the toast outlet (ToastHost).
 */
export { toastRequested, type ToastVariant } from '../../store/events';

/** Shows each requested toast (they wait in the outlet until the ToastHost is mounted). */
export function setupToastListeners(startAppListening: AppStartListening) {
  // (Stored data that could not be restored is announced through this too: store/persistence.ts.)
  return startAppListening({
    actionCreator: toastRequested,
    effect: ({ payload }, api) => {
      const { action } = payload;
      showToast(payload.message, payload.variant, action ? { label: action.label, onPress: () => api.dispatch(action.then) } : undefined);
    },
  });
}
