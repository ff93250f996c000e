import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { useHydrated } from '../../components/useHydrated';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectStaffAccess } from './sessionSelectors';
import { useGetUserInfoQuery } from './sessionApi';
import { loginRequired } from './sessionSlice';

export const STAFF_ONLY_TEXT = {
  title: 'Staff only',
  body: 'This part of LayerLoft is where our team runs the shop. Your account is a shopper’s account, so it cannot open it.',
  back: 'Back to the store',
  checking: 'Checking your account…',
  unknownTitle: 'Account not checked',
  unknown: 'We could not check your account just now. Please reload the page to try again.',
} as const;


/** The page a shopper gets at any /staff address: a clear refusal and the way back. */
function StaffOnly({ title = STAFF_ONLY_TEXT.title, message }: { title?: string; message: string }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', px: 3, py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography component="h1" variant="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography role="status" color="text.secondary" sx={{ mb: 4 }}>
        {message}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {STAFF_ONLY_TEXT.back}
      </Button>
    </Box>
  );
}

/**
 * Layout route of the staff console (`/staff/*`). A guest goes to /login with the page as
 * the redirect-after-login target (like RequireAuth); a shopper gets "Staff only"; staff get the
 * console. The server refuses every staff call to anyone else anyway (403): this is the door, not
 * the lock. Until hydration is over it renders nothing, as the server does (a guest's render).
 */
export function RequireStaff() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const hydrated = useHydrated();
  const access = useAppSelector(selectStaffAccess);
  useGetUserInfoQuery(undefined, { skip: !hydrated || access === 'guest' });

  useEffect(() => {
    if (hydrated && access === 'guest') dispatch(loginRequired({ from: `${location.pathname}${location.search}` }));
  }, [hydrated, access, dispatch, location.pathname, location.search]);

  if (!hydrated) return null;
  if (access === 'guest') return <Navigate to="/login" replace />;
  if (access === 'shopper') return <StaffOnly message={STAFF_ONLY_TEXT.body} />;
  if (access === 'unknown') return <StaffOnly title={STAFF_ONLY_TEXT.unknownTitle} message={STAFF_ONLY_TEXT.unknown} />;
  if (access === 'pending') {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <CircularProgress aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          {STAFF_ONLY_TEXT.checking}
        </Box>
      </Box>
    );
  }
  return <Outlet />;
}
