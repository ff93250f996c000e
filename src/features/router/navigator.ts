import type { NavigateFn, NavigatorSlot } from '../../store/slots';

/** Moves remembered at most (a router that never reports some, e.g. one held by an editor's question, leaves no growing list). */
const MAX_EXPECTED = 20;
/**
 * The store's handle on the router. A listener cannot call a React hook, and the router exists
 * only once the app renders, so the router lends its navigate to the store for as long as it is
 * mounted (makeStore makes one slot per store).
 */
export function createNavigatorSlot(): NavigatorSlot {
  let current: NavigateFn | null = null;
  // The moves asked for that the router has not reported yet, oldest first (a move within the
  // store reaches the router after the paint, so the store can be a keystroke or two ahead of it).
  const expected: string[] = [];
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
    expect(href) {
      expected.push(href);
      if (expected.length > MAX_EXPECTED) expected.shift();
    },
    arrived(href) {
      const at = expected.lastIndexOf(href);
      if (at < 0) return false;
      const later = at < expected.length - 1;
      expected.splice(0, at + 1);
      return later;
    },
  };
}
