import { errorMessage } from '../../api/errors';
import type { StoreDeps } from '../../store/deps';
import { loadingFinished, loadingStarted, loggedIn, toastRequested } from '../../store/events';
import type { AppDispatch, RootState } from '../../store/store';
import { sessionApi } from './sessionApi';
import { credentialsSubmitted, loginFailed } from './sessionSlice';
import type { LoginForm, LoginMode } from './validation';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState, extra: StoreDeps) => R;

/**
 * Login or sign-up: `credentialsSubmitted` → (global 'Loading...' while the call runs) →
 * `loggedIn` or `loginFailed` with the server's message or the network error (SPEC §8). The
 * password goes only into the API call, never into an action or the state. Resolves to true on
 * success. Ignored (false) unless the session is anonymous or expired.
 */
export function submitCredentials(mode: LoginMode, form: LoginForm): Thunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const { status } = getState().session;
    if (status !== 'anonymous' && status !== 'expired') return false;
    const name = form.name.trim();
    const email = form.email.trim();
    dispatch(credentialsSubmitted({ mode, name, email }));
    dispatch(loadingStarted());
    const call =
      mode === 'login'
        ? dispatch(sessionApi.endpoints.login.initiate({ email, password: form.password }))
        : dispatch(sessionApi.endpoints.register.initiate({ name, email, password: form.password }));
    try {
      const result = await call.unwrap();
      dispatch(loggedIn({ token: result.token }));
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
