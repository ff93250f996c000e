/** How the router moves: react-router's `navigate`, attached by LocationSync while it is mounted. */
export type NavigateFn = (to: string, options: { replace: boolean; state: unknown }) => void;

export interface NavigatorSlot {
  /** Attaches the router's navigate; returns the detach. The last attached one is used. */
  attach(navigate: NavigateFn): () => void;
  /** Moves the browser (nothing happens while no router is attached: a server render, a unit test). */
  navigate: NavigateFn;
}

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
