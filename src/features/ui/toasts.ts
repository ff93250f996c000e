import { toastRequested } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { showToast } from './toastOutlet';

/**
 * Shows each requested toast (SPEC §8 toasts; `toastRequested` is a cross-feature event of
 * store/events.ts): the one side effect, done through the toast outlet (ToastHost), where toasts
 * wait until the ToastHost is mounted.
 */
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
