import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, type ApiError } from '../../api/errors';
import { toastRequested } from '../../store/events';
import { useAppDispatch } from '../../store/hooks';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from './PasswordField';
import { useResetPasswordMutation } from './sessionApi';
import { hasErrors, validateResetForm, type FieldErrors, type ResetForm } from './validation';

export const RESET_FAILED_MESSAGE = 'Something went wrong';
const RESET_DONE = 'Your password has been reset. You can now log in.';

/** /reset-password/{token} (SPEC §2, §5, §8): a new password twice; success goes to /login. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<ResetForm>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetForm>>({});
  const [resetPassword, { isLoading, isError, error }] = useResetPasswordMutation();

  const change = (key: keyof ResetForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateResetForm(form);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      const result = await resetPassword({ token, newPassword: form.password }).unwrap();
      dispatch(toastRequested(result.message || RESET_DONE, 'success'));
      navigate('/login', { replace: true });
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const detail = isError ? errorMessage(error as ApiError) : '';
  return (
    <AuthLayout
      overline="Account help"
      title="Choose a new password"
      intro="Pick something at least 8 characters long that you do not use anywhere else."
      aside={{ title: 'A fresh start.', text: 'Once it is saved, every other device is signed out and you can log in with the new password.' }}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label="Set a new password" sx={{ display: 'grid', gap: 2.25 }}>
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
          value={form.password}
          onChange={change('password')}
          error={!!errors.password}
          helperText={errors.password ?? 'At least 8 characters'}
          fullWidth
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirm}
          onChange={change('confirm')}
          error={!!errors.confirm}
          helperText={errors.confirm}
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
