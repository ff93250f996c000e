import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loggedIn, loggedOut } from '../../store/events';
import { credentialsSubmitted, loginModeChosen } from './sessionSlice';
import { emailError, validateLoginForm, validateResetForm, type FieldErrors, type LoginForm, type LoginMode } from './validation';

/** The new-password form. Its keys name passwords, so the DevTools/QA sanitizer redacts them (store/devtools.ts). */
export interface NewPasswordForm {
  newPassword: string;
  confirmPassword: string;
}

/**
 * What the shopper types on the account pages (login / sign-up, forgot and reset password) and the
 * messages under the fields, so a QA replay shows the forms as they were. Passwords are here only
 * while typed: a login attempt takes its password out of the store (the API call carries it), and
 * the sanitizer redacts every password key in DevTools and QA logs. Never persisted.
 */
export interface AccountFormsState {
  login: { mode: LoginMode; values: LoginForm; errors: FieldErrors<keyof LoginForm> };
  forgot: { email: string; error: string | null };
  reset: { values: NewPasswordForm; errors: FieldErrors<keyof NewPasswordForm> };
}

const EMPTY_LOGIN: LoginForm = { name: '', email: '', password: '' };
const EMPTY_RESET: NewPasswordForm = { newPassword: '', confirmPassword: '' };

export const initialAccountFormsState: AccountFormsState = {
  login: { mode: 'login', values: EMPTY_LOGIN, errors: {} },
  forgot: { email: '', error: null },
  reset: { values: EMPTY_RESET, errors: {} },
};

// ---- events (past tense) -------------------------------------------------------------------

/** The shopper typed in the login / sign-up form (only the fields given change; their errors go). */
export const loginFormEdited = createAction<Partial<LoginForm>>('accountForms/loginFormEdited');
/** The login / sign-up form was sent: the rules of SPEC §5 check it (errors, if any, show). */
export const loginFormSubmitted = createAction('accountForms/loginFormSubmitted');
export const forgotEmailEdited = createAction<string>('accountForms/forgotEmailEdited');
export const forgotFormSubmitted = createAction('accountForms/forgotFormSubmitted');
export const resetFormEdited = createAction<Partial<NewPasswordForm>>('accountForms/resetFormEdited');
export const resetFormSubmitted = createAction('accountForms/resetFormSubmitted');
/** The new password was saved: it is not kept a moment longer. */
export const passwordResetDone = createAction('accountForms/passwordResetDone');

export const accountFormsSlice = createSlice({
  name: 'accountForms',
  initialState: initialAccountFormsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loginModeChosen, (state, { payload }) => {
        if (payload === state.login.mode) return;
        state.login.mode = payload;
        state.login.errors = {};
      })
      .addCase(loginFormEdited, (state, { payload }) => {
        for (const key of Object.keys(payload) as Array<keyof LoginForm>) {
          state.login.values[key] = payload[key] ?? '';
          delete state.login.errors[key];
        }
      })
      .addCase(loginFormSubmitted, (state) => {
        state.login.errors = validateLoginForm(state.login.mode, state.login.values);
      })
      // The password goes with the API call; what the shopper sees after a failure is an empty field.
      .addCase(credentialsSubmitted, (state) => {
        state.login.values.password = '';
      })
      .addCase(loggedIn, (state) => {
        state.login = initialAccountFormsState.login;
      })
      .addCase(forgotEmailEdited, (state, { payload }) => {
        state.forgot.email = payload;
        state.forgot.error = null;
      })
      .addCase(forgotFormSubmitted, (state) => {
        state.forgot.error = emailError(state.forgot.email);
      })
      .addCase(resetFormEdited, (state, { payload }) => {
        for (const key of Object.keys(payload) as Array<keyof NewPasswordForm>) {
          state.reset.values[key] = payload[key] ?? '';
          delete state.reset.errors[key];
        }
      })
      .addCase(resetFormSubmitted, (state) => {
        const { newPassword, confirmPassword } = state.reset.values;
        const found = validateResetForm({ password: newPassword, confirm: confirmPassword });
        state.reset.errors = { newPassword: found.password, confirmPassword: found.confirm };
        if (!found.password) delete state.reset.errors.newPassword;
        if (!found.confirm) delete state.reset.errors.confirmPassword;
      })
      .addCase(passwordResetDone, (state) => {
        state.reset = initialAccountFormsState.reset;
      })
      .addCase(loggedOut, () => initialAccountFormsState);
  },
  selectors: {
    selectLoginForm: (state) => state.login,
    selectForgotForm: (state) => state.forgot,
    selectResetForm: (state) => state.reset,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof accountFormsSlice> {}
}

export const { selectLoginForm, selectForgotForm, selectResetForm } = accountFormsSlice.selectors;
