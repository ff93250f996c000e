import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiError } from '../../api/errors';
import { brand } from '../../components/brand';
import { TextInput } from '../../components/OutlinedField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { forgotEmailEdited, selectForgotForm } from './accountFormsSlice';
import { AuthLayout } from './AuthLayout';
import { FORGOT_PASSWORD_KEY, useForgotPasswordMutation } from './sessionApi';
import { sendPasswordResetLink } from './sessionThunks';

const FORGOT_FAILED_MESSAGE = 'Something went wrong. Please try again.';
const NEUTRAL_SUCCESS = 'If an account exists for that e-mail, we have sent a link to reset the password. It is valid for 1 hour.';

/**
 * /forgot-password (SPEC §2, §5, §8): asks for the e-mail and sends a reset link. The e-mail and
 * its message are the store's; the call's progress and outcome are the mutation's (a fixed key),
 * cleared when the page is left so the next visit starts with the form.
 */
export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const { email, error: fieldError } = useAppSelector(selectForgotForm);
  const [, { isLoading, isSuccess, isError, error, data, reset }] = useForgotPasswordMutation({ fixedCacheKey: FORGOT_PASSWORD_KEY });

  useEffect(() => reset, [reset]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch(sendPasswordResetLink());
  };

  if (isSuccess) {
    return (
      <AuthLayout
        overline="Check your inbox"
        title="Reset link sent"
        aside={{ title: 'Almost there.', text: 'Open the link in the e-mail to choose a new password. It works once, for one hour.' }}
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 2.5, borderRadius: 4, bgcolor: brand.tealSoft, mb: 3 }} role="status">
          <MarkEmailReadOutlined sx={{ color: 'secondary.dark', mt: 0.25 }} />
          <Typography>{data?.message || NEUTRAL_SUCCESS}</Typography>
        </Box>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Nothing arrived after a few minutes? Check the spam folder, or{' '}
          <Link component="button" type="button" onClick={() => reset()} sx={{ fontWeight: 700, verticalAlign: 'baseline', fontSize: 'inherit' }}>
            try another address
          </Link>
          .
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large" fullWidth>
          Back to Login
        </Button>
      </AuthLayout>
    );
  }

  const status = (error as ApiError | undefined)?.status;
  return (
    <AuthLayout
      overline="Account help"
      title="Forgot your password?"
      intro="Enter the e-mail of your account and we will send you a link to choose a new password."
      aside={{ title: 'It happens to everyone.', text: 'A new password is one e-mail away. Your cart and wishlist stay just as you left them.' }}
    >
      <Box component="form" method="post" noValidate onSubmit={submit} aria-label="Reset password request" sx={{ display: 'grid', gap: 2.25 }}>
        {isError && (
          <Alert severity="error" sx={{ borderRadius: 3 }}>
            <AlertTitle sx={{ fontFamily: 'inherit', fontWeight: 700, mb: status === 429 ? 0.5 : 0 }}>{FORGOT_FAILED_MESSAGE}</AlertTitle>
            {status === 429 && (error as ApiError).message}
          </Alert>
        )}
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => dispatch(forgotEmailEdited(e.target.value))}
          error={!!fieldError}
          helperText={fieldError}
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} aria-busy={isLoading}>
          Send Reset Link
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 700 }}>
          Back to Login
        </Link>
      </Typography>
    </AuthLayout>
  );
}
