import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { expiredSessionRedirected, selectSessionStatus } from './sessionSlice';

/**
 * Renders nothing. When the session expires (a 401/403 handled by the session listeners), it
 * sends the shopper to /login once and remembers the page they were on as the
 * redirect-after-login target. Mounted by the header, so it lives on every page.
 */
export function SessionWatcher() {
  const status = useAppSelector(selectSessionStatus);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (status !== 'expired') return;
    dispatch(expiredSessionRedirected({ from: pathname === '/login' ? null : pathname + search }));
    if (pathname !== '/login') navigate('/login');
  }, [status, pathname, search, dispatch, navigate]);

  return null;
}
