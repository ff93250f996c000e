import type { NavigateFn, NavigatorSlot } from '../../store/slots';
/**
 * The store's handle on the router. A listener cannot call a React hook, and the router exists
 * only once the app renders, so the router lends its navigate to the store for as long as it is
 * mounted (makeStore makes one slot per store).
 */
export function createNavigatorSlot(): NavigatorSlot {
  let current: NavigateFn | null = null;
  return {
    attach(navigate) {
      current = navigate;
      return () => {
        if (current === navigate) current = null;
      };
    },
    navigate(to, options) {
      current?.(to, options);
    },
  };
}
