/**
 * Navigation state that travels through /login to the redirect-after-login target (a guest's
 * buy-now item on /place-order). It lives in the login page's history entry, so a reload of
 * /login keeps it; the target page validates what it receives (e.g. checkout's `buyNowFrom`).
 */
interface Forwarded {
  redirectState: unknown;
}

/** The state to give /login so that `redirectStateFrom` hands `state` to the target. */
export function forwardState(state: unknown): Forwarded | undefined {
  return state == null ? undefined : { redirectState: state };
}

/** What /login should pass on to the target page (undefined when nothing was forwarded). */
export function redirectStateFrom(loginState: unknown): unknown {
  return typeof loginState === 'object' && loginState !== null && 'redirectState' in loginState ? (loginState as Forwarded).redirectState : undefined;
}
