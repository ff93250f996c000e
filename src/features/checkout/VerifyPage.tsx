import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../components/useHydrated';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useAppDispatch, useAppSelector, useFeature } from '../../store/hooks';
import { checkoutFeature } from './checkoutListeners';
import { selectIsAuthenticated } from '../session';
import { selectCheckout, verificationStarted } from './checkoutSlice';

/**
 * /verify (SPEC §2 Payment return, §4 Payment): only a spinner. Reads success and session_id,
 * verifies (checkoutListeners.ts), then goes to /order-placed, or to /cart when the payment was
 * not made. Reloading it after success verifies again — the server answers the placed order,
 * and the cart is not touched a second time.
 */
export function VerifyPage() {
  useFeature(checkoutFeature);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const success = params.get('success') === 'true';
  const { status, verifyingSession } = useAppSelector(selectCheckout);
  const loggedIn = useAppSelector(selectIsAuthenticated);
  // The verification needs the shopper's token, read back from local storage after hydration.
  const ready = useHydrated();

  useEffect(() => {
    if (!ready) return;
    if (!sessionId) {
      navigate('/cart', { replace: true });
      return;
    }
    dispatch(verificationStarted({ sessionId, success }));
  }, [ready, dispatch, navigate, sessionId, success]);

  useEffect(() => {
    if (!sessionId || verifyingSession !== sessionId) return;
    if (status === 'placed') navigate('/order-placed', { replace: true });
    else if (status === 'failed') navigate('/cart', { replace: true });
    // After the toast; a 401 is the session feature's (it sends the shopper to /login).
    else if (status === 'errored' && loggedIn) navigate('/cart', { replace: true });
  }, [status, verifyingSession, sessionId, navigate, loggedIn]);

  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress size={56} thickness={4} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        Confirming your payment…
      </Box>
    </Box>
  );
}
