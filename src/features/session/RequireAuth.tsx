import { useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../../store/selectors';
import { forwardState } from './redirectState';
import { useGetUserInfoQuery } from './sessionApi';
import { loginRequired } from './sessionSlice';

/**
 * Layout route of the pages that need an account (/orders, /place-order; the cart stays open to
 * guests, SPEC §6). A guest is sent to /login with the page as the redirect-after-login target;
 * navigation state (a buy-now item) rides along through /login. Inside, the profile query is kept
 * loaded: these pages greet the shopper and prefill their name.
 */
const noSubscription = () => () => {};

/**
 * False on the server and while the client hydrates a server-rendered page, true after. The server
 * renders every page as a guest (the token lives in local storage), so deciding "guest → /login"
 * before hydration is over would send a logged-in shopper away from their own page.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

export function RequireAuth() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const hydrated = useHydrated();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  useGetUserInfoQuery(undefined, { skip: !hydrated || !loggedIn });

  useEffect(() => {
    if (hydrated && !loggedIn) dispatch(loginRequired({ from: location.pathname }));
  }, [hydrated, loggedIn, dispatch, location.pathname]);

  // The server's render and the hydrating one: the page frame alone (the shopper's page needs their token).
  if (!hydrated) return null;
  if (!loggedIn) return <Navigate to="/login" replace state={forwardState(location.state)} />;
  return <Outlet />;
}
