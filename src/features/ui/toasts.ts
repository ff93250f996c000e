import { enqueueSnackbar } from 'notistack';
import { REHYDRATE } from 'redux-persist';
import { toastRequested } from '../../store/events';
import { restoreLostData, RESTORE_NOTICE } from '../../store/persist';
import type { AppStartListening } from '../../store/listenerMiddleware';

/**
 * `toastRequested` (SPEC §8 toasts) is a cross-feature event declared in store/events.ts (other
 * features may not import this one); re-exported here for the ui feature's own callers. Showing
 * it is the one side effect, done by the listener below through notistack's SnackbarProvider.
 */
export { toastRequested, type ToastVariant } from '../../store/events';

/** Shows each requested toast (no-op when no SnackbarProvider is mounted, e.g. in reducer tests). */
export function setupToastListeners(startAppListening: AppStartListening) {
  // Stored data that could not be restored (corrupt or foreign local storage): say so, once.
  startAppListening({
    predicate: (action) => action.type === REHYDRATE,
    effect: (action, api) => {
      if (restoreLostData(action as { payload?: unknown; err?: unknown })) api.dispatch(toastRequested(RESTORE_NOTICE, 'warning'));
    },
  });
  return startAppListening({
    actionCreator: toastRequested,
    effect: ({ payload }) => {
      if (typeof enqueueSnackbar !== 'function') return;
      // The same message twice in a row (two failing calls) shows once.
      enqueueSnackbar(payload.message, { variant: payload.variant, preventDuplicate: true });
    },
  });
}
