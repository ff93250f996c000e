import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { resetFormEdited, selectResetForm, type NewPasswordForm } from './accountFormsSlice';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './PasswordField';
import { RESET_PASSWORD_KEY, useResetPasswordMutation } from './sessionApi';
import { submitNewPassword } from './sessionThunks';

const RESET_FAILED_MESSAGE = 'Something went wrong';

/**
 * /reset-password/{token} (SPEC §2, §5, §8): a new password twice; success goes to /login. The
 * fields and their messages are the store's; the call's progress and failure are the mutation's
 * (a fixed key), cleared when the page is left.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { values: form, errors } = useAppSelector(selectResetForm);
  const [, { isLoading, isError, error, reset }] = useResetPasswordMutation({ fixedCacheKey: RESET_PASSWORD_KEY });

  useEffect(() => reset, [reset]);

  const change = (key: keyof NewPasswordForm) => (e: { target: { value: string } }) => {
    dispatch(resetFormEdited({ [key]: e.target.value }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await dispatch(submitNewPassword(token))) navigate('/login', { replace: true });
  };

  const detail = isError ? errorMessage(error as ApiError) : '';
  return (
    <AuthLayout
      overline="Account help"
      title="Choose a new password"
      intro="Pick something at least 8 characters long that you do not use anywhere else."
      aside={{ title: 'A fresh start.', text: 'Once it is saved, every other device is signed out and you can log in with the new password.' }}
    >
      <Box component="form" method="post" noValidate onSubmit={submit} aria-label="Set a new password" sx={{ display: 'grid', gap: 2.25 }}>
        {isError && (
          <Alert severity="error" sx={{ borderRadius: 3 }}>
            <AlertTitle sx={{ fontFamily: 'inherit', fontWeight: 700, mb: detail ? 0.5 : 0 }}>{RESET_FAILED_MESSAGE}</AlertTitle>
            {detail}
          </Alert>
        )}
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={change('newPassword')}
          error={!!errors.newPassword}
          helperText={errors.newPassword ?? 'At least 8 characters'}
          fullWidth
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={change('confirmPassword')}
          error={!!errors.confirmPassword}
          helperText={errors.confirmPassword}
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} aria-busy={isLoading}>
          Reset Password
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Link expired?{' '}
        <Link component={RouterLink} to="/forgot-password" sx={{ fontWeight: 700 }}>
          Request a new one
        </Link>
      </Typography>
    </AuthLayout>
  );
}
