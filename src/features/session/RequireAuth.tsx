import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useHydrated } from '../../components/useHydrated';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from './sessionSelectors';
import { forwardState } from './redirectState';
import { useGetUserInfoQuery } from './sessionApi';
import { loginRequired } from './sessionSlice';

/**
 * Layout route of the pages that need an account (/orders, /place-order; the cart stays open to
 * guests, SPEC §6). A guest is sent to /login with the page as the redirect-after-login target;
 * navigation state (a buy-now item) rides along through /login. Inside, the profile query is kept
 * loaded: these pages greet the shopper and prefill their name.
 */
/** `pending`: what the server renders and the client hydrates before the token is read (the page's skeleton). */
export function RequireAuth({ pending = null }: { pending?: ReactNode }) {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const hydrated = useHydrated();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  useGetUserInfoQuery(undefined, { skip: !hydrated || !loggedIn });

  useEffect(() => {
    // With its query: a review invitation's link carries its token there.
    if (hydrated && !loggedIn) dispatch(loginRequired({ from: `${location.pathname}${location.search}` }));
  }, [hydrated, loggedIn, dispatch, location.pathname, location.search]);

  // The server's render and the hydrating one: the page's skeleton (the shopper's page needs their token).
  if (!hydrated) return pending;
  if (!loggedIn) return <Navigate to="/login" replace state={forwardState(location.state)} />;
  return <Outlet />;
}
