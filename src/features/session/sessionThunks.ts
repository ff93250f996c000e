import { errorMessage } from '../../api/errors';
import type { StoreDeps } from '../../store/deps';
import { loadingFinished, loadingStarted, loggedIn, toastRequested } from '../../store/events';
import type { AppDispatch, RootState } from '../../store/types';
import { forgotFormSubmitted, loginFormSubmitted, passwordResetDone, resetFormSubmitted } from './accountFormsSlice';
import { FORGOT_PASSWORD_KEY, RESET_PASSWORD_KEY, sessionApi } from './sessionApi';
import { credentialsSubmitted, loginFailed } from './sessionSlice';
import { hasErrors } from './validation';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreDeps) => R;

const RESET_DONE_MESSAGE = 'Your password has been reset. You can now log in.';

/**
 * Login or sign-up from the form in the store: the rules check it (`loginFormSubmitted`); then
 * `credentialsSubmitted` → (global 'Loading...' while the call runs) → `loggedIn` or `loginFailed`
 * with the server's message or the network error (SPEC §8). The password goes only into the API
 * call: `credentialsSubmitted` takes it out of the store. Resolves to true on success. Ignored
 * (false) unless the session is anonymous or expired.
 */
export function submitLoginForm(): Thunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const { status } = getState().session;
    if (status !== 'anonymous' && status !== 'expired') return false;
    dispatch(loginFormSubmitted());
    const { mode, values, errors } = getState().accountForms.login;
    if (hasErrors(errors)) return false;
    const name = values.name.trim();
    const email = values.email.trim();
    const { password } = values;
    dispatch(credentialsSubmitted({ mode, name, email }));
    dispatch(loadingStarted());
    const call =
      mode === 'login'
        ? dispatch(sessionApi.endpoints.login.initiate({ email, password }))
        : dispatch(sessionApi.endpoints.register.initiate({ name, email, password }));
    try {
      const result = await call.unwrap();
      dispatch(loggedIn({ token: result.token, role: result.role === 'staff' ? 'staff' : 'shopper' }));
      if (result.message) dispatch(toastRequested(result.message, 'success'));
      return true;
    } catch (err) {
      dispatch(loginFailed({ message: errorMessage(err as Parameters<typeof errorMessage>[0]) || 'Something went wrong' }));
      return false;
    } finally {
      // Drops the mutation's cache entry (its arguments hold the password).
      call.reset();
      dispatch(loadingFinished());
    }
  };
}

/** Forgot password: a valid e-mail (SPEC §5) is sent; the outcome is the mutation's, under FORGOT_PASSWORD_KEY. */
export function sendPasswordResetLink(): Thunk<void> {
  return (dispatch, getState) => {
    dispatch(forgotFormSubmitted());
    const { email, error } = getState().accountForms.forgot;
    if (error) return;
    void dispatch(sessionApi.endpoints.forgotPassword.initiate({ email: email.trim() }, { fixedCacheKey: FORGOT_PASSWORD_KEY }));
  };
}

/**
 * Reset password: 8+ characters and a matching confirmation (SPEC §5), then the call (its failure
 * is the mutation's, under RESET_PASSWORD_KEY). Resolves to true once the password is saved: the
 * shopper is told so, and the page goes to /login.
 */
export function submitNewPassword(token: string): Thunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    dispatch(resetFormSubmitted());
    const { values, errors } = getState().accountForms.reset;
    if (hasErrors(errors)) return false;
    try {
      const result = await dispatch(
        sessionApi.endpoints.resetPassword.initiate({ token, newPassword: values.newPassword }, { fixedCacheKey: RESET_PASSWORD_KEY }),
      ).unwrap();
      dispatch(passwordResetDone());
      dispatch(toastRequested(result.message || RESET_DONE_MESSAGE, 'success'));
      return true;
    } catch {
      // Shown by the page from the mutation's error.
      return false;
    }
  };
}
