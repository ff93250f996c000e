import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { TextInput } from '../../components/OutlinedField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectLoginLanding } from './sessionSelectors';
import { loginFormEdited, selectLoginForm } from './accountFormsSlice';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './PasswordField';
import { redirectStateFrom } from './redirectState';
import { useGetUserInfoQuery } from './sessionApi';
import { loginErrorDismissed, loginModeChosen, redirectAfterLoginFollowed, selectLoginError, selectRedirectAfterLogin, selectSessionStatus } from './sessionSlice';
import { submitLoginForm } from './sessionThunks';
import type { LoginForm, LoginMode } from './validation';

const COPY: Record<LoginMode, { overline: string; title: string; submit: string; intro: string }> = {
  login: {
    overline: 'Welcome back',
    title: 'Login',
    submit: 'Sign In',
    intro: 'Sign in to see your orders, keep your cart on every device and chat with us.',
  },
  signup: {
    overline: 'Join LayerLoft',
    title: 'Sign Up',
    submit: 'Create Account',
    intro: 'One account for your cart, wishlist and order history.',
  },
};

/**
 * /login (SPEC §2): toggles between Login and Sign Up. While the call runs the global
 * 'Loading...' replaces the page; when it comes back it shows the server's (or the network's)
 * message, or — logged in — goes to the redirect-after-login target (e.g. /cart) or home.
 */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const status = useAppSelector(selectSessionStatus);
  const serverError = useAppSelector(selectLoginError);
  const redirect = useAppSelector(selectRedirectAfterLogin);
  const landing = useAppSelector(selectLoginLanding);
  // Logged in, the profile tells where to land (staff: /staff).
  useGetUserInfoQuery(undefined, { skip: status !== 'authenticated' });
  const { mode, values: form, errors } = useAppSelector(selectLoginForm);

  // Logged in (just now, or already when the page opened): leave once, to the target or home.
  const left = useRef(false);
  useEffect(() => {
    // The profile tells the role (staff land on /staff): wait for it.
    if (status !== 'authenticated' || landing === null || left.current) return;
    left.current = true;
    // Staff land on /staff, which wins over a shopper's stored target.
    navigate(landing, { replace: true, state: redirect && landing === redirect ? redirectStateFrom(location.state) : undefined });
    dispatch(redirectAfterLoginFollowed());
  }, [status, redirect, landing, navigate, dispatch, location.state]);

  const switchMode = (next: LoginMode) => {
    if (next !== mode) dispatch(loginModeChosen(next));
  };

  const change = (key: keyof LoginForm) => (e: { target: { value: string } }) => {
    dispatch(loginFormEdited({ [key]: e.target.value }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void dispatch(submitLoginForm());
  };

  const copy = COPY[mode];
  return (
    <AuthLayout
      overline={copy.overline}
      title={copy.title}
      intro={copy.intro}
      aside={{
        title: mode === 'login' ? 'Good to see you again.' : 'Made layer by layer, just for you.',
        text:
          mode === 'login'
            ? 'Your cart and wishlist follow you to every device once you sign in.'
            : 'Track every order, save favourites for later and talk to the people who print them.',
      }}
    >
      <Tabs
        value={mode}
        onChange={(_e, v: LoginMode) => switchMode(v)}
        aria-label="Login or sign up"
        variant="fullWidth"
        sx={{ mb: 3, bgcolor: 'background.default', borderRadius: 999, p: 0.5, minHeight: 0, '& .MuiTabs-indicator': { display: 'none' } }}
      >
        {(['login', 'signup'] as const).map((m) => (
          <Tab
            key={m}
            value={m}
            label={m === 'login' ? 'Login' : 'Sign Up'}
            sx={{
              minHeight: 40,
              borderRadius: 999,
              fontFamily: '"Fredoka Variable", "Fredoka Fallback", sans-serif',
              fontWeight: 600,
              textTransform: 'none',
              fontSize: '1rem',
              '&.Mui-selected': { bgcolor: 'background.paper', color: 'primary.main', boxShadow: '0 2px 8px rgba(43,34,51,0.08)' },
            }}
          />
        ))}
      </Tabs>

      {serverError && (
        <Alert severity="error" onClose={() => dispatch(loginErrorDismissed())} sx={{ mb: 2.5, borderRadius: 3 }}>
          {serverError}
        </Alert>
      )}

      <Box component="form" method="post" noValidate onSubmit={submit} aria-label={copy.title} sx={{ display: 'grid', gap: 2.25 }}>
        {mode === 'signup' && (
          <TextInput
            label="Name"
            name="name"
            autoComplete="name"
            value={form.name}
            onChange={change('name')}
            error={!!errors.name}
            helperText={errors.name}
            fullWidth
          />
        )}
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={change('email')}
          error={!!errors.email}
          helperText={errors.email}
          fullWidth
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          value={form.password}
          onChange={change('password')}
          error={!!errors.password}
          helperText={errors.password ?? (mode === 'signup' ? 'At least 8 characters' : undefined)}
          fullWidth
        />
        {mode === 'login' && (
          <Link component={RouterLink} to="/forgot-password" sx={{ justifySelf: 'end', fontWeight: 700, mt: -1, display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
            Forgot your password?
          </Link>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 0.5 }}>
          {copy.submit}
        </Button>
      </Box>

      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {mode === 'login' ? 'New to LayerLoft? ' : 'Already have an account? '}
        <Link component="button" type="button" onClick={() => switchMode(mode === 'login' ? 'signup' : 'login')} sx={{ fontWeight: 700, verticalAlign: 'baseline', fontSize: 'inherit' }}>
          {mode === 'login' ? 'Create an account' : 'Log in here'}
        </Link>
      </Typography>
    </AuthLayout>
  );
}
