import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import type { Storage } from 'redux-persist';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import { initialSessionState, redirectAfterLoginSet } from '../../src/features/session/sessionSlice';
import { PERSIST_KEY, PERSIST_VERSION } from '../../src/store/persist';
import { selectUserProfile } from '../../src/features/session/sessionSelectors';
import { startPersistence } from '../../src/store/persistence';
import { makeStore } from '../../src/store/store';
import { NOW } from '../fixtures/catalog';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };

// Many interactions per test: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

type User = ReturnType<typeof renderWithProviders>['user'];
/** Types a value in one paste (fast and reliable under load; typing is not what is tested). */
async function fill(user: User, label: string, value: string) {
  const el = screen.getByLabelText(label);
  await user.clear(el);
  await user.click(el);
  await user.paste(value);
}

// The pages are lazy routes: load them once up front so the first test does not time out on a cold transform.
beforeAll(async () => {
  await Promise.all([
    import('../../src/features/session/LoginPage'),
    import('../../src/features/session/ForgotPasswordPage'),
    import('../../src/features/session/ResetPasswordPage'),
    import('../../src/app/pages/About'),
    import('../../src/app/pages/Home'),
  ]);
}, 60_000);

// A login starts the cart and wishlist sync of other features: empty server lists.
beforeEach(() => {
  mswServer.use(
    http.post('*/api/cart/get', () => HttpResponse.json({ success: true, cartData: {} })),
    http.post('*/api/cart/add', () => HttpResponse.json({ success: true })),
    http.post('*/api/cart/update', () => HttpResponse.json({ success: true })),
    http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
    http.post('*/api/wishlist/add', () => HttpResponse.json({ success: true })),
  );
});

function userInfo(handler: Parameters<typeof http.get>[1]) {
  return http.get('*/api/user/info', handler);
}

/** The shopper's token as redux-persist stored it. */
function storageWithToken(token: string): Storage {
  const data: Record<string, string> = {
    [`persist:${PERSIST_KEY}`]: JSON.stringify({
      session: JSON.stringify({ token }),
      cart: JSON.stringify({ items: { 'p1_Red|M': 2 } }),
      _persist: JSON.stringify({ version: PERSIST_VERSION, rehydrated: true }),
    }),
  };
  return {
    getItem: (k: string) => Promise.resolve(data[k] ?? null),
    setItem: (k: string, v: string) => Promise.resolve(void (data[k] = v)),
    removeItem: (k: string) => Promise.resolve(void delete data[k]),
  };
}

/** Renders the app at `route`, then restores the stored token (as main.tsx does after hydration). */
async function renderRestored(token: string, route = '/about') {
  const store = makeStore(undefined, { now: () => NOW }, { restoresSavedState: true });
  renderWithProviders(<Layout />, { store, route });
  await act(async () => {
    await startPersistence(store, { storage: storageWithToken(token) });
  });
  return store;
}

describe('Login page', () => {
  it('validates the e-mail before calling the server', async () => {
    const { user } = renderWithProviders(<Layout />, { route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Login' }, { timeout: 5000 });
    await fill(user, 'Email', 'ada.example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Please enter a valid email address with "@" and "."')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
  });

  it('shows Loading... during the call, then the server message, keeping the e-mail', async () => {
    mswServer.use(
      http.post('*/api/user/login', async () => {
        await delay(400);
        return HttpResponse.json({ success: false, message: 'Invalid email or password' }, { status: 401 });
      }),
    );
    const { user, store } = renderWithProviders(<Layout />, { route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await fill(user, 'Email', 'ada@example.com');
    await fill(user, 'Password', 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(store.getState().session.status).toBe('authenticating');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(store.getState().session).toMatchObject({ status: 'anonymous', token: null });
    expect(JSON.stringify(store.getState())).not.toContain('wrong password');
  });

  it('shows the network error message when the server cannot be reached', async () => {
    mswServer.use(http.post('*/api/user/login', () => HttpResponse.error()));
    const { user } = renderWithProviders(<Layout />, { route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await fill(user, 'Email', 'ada@example.com');
    await fill(user, 'Password', 'whatever pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/fetch/i);
  });

  it('logs in, loads the profile and goes to the stored redirect target', async () => {
    let sent: unknown;
    mswServer.use(
      http.post('*/api/user/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, token: 'tok-1', message: 'Welcome back!' });
      }),
      userInfo(() => HttpResponse.json({ success: true, user: ADA })),
    );
    const { user, store } = renderWithProviders(<Layout />, { route: '/login' });
    act(() => {
      store.dispatch(redirectAfterLoginSet('/cart'));
    });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await fill(user, 'Email', ' ada@example.com ');
    await fill(user, 'Password', 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // The cart screen is a lazy route of another feature: allow for its first load.
    expect(await screen.findByRole('heading', { level: 1, name: /cart/i }, { timeout: 8000 })).toBeInTheDocument();
    expect(sent).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    await waitFor(() => expect(selectUserProfile(store.getState())).toEqual(ADA));
    expect(store.getState().session).toMatchObject({ status: 'authenticated', token: 'tok-1', redirectAfterLogin: null });
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
  });

  it('toggles to Sign Up, checks the fields and shows the server message on failure', async () => {
    mswServer.use(
      http.post('*/api/user/register', () =>
        HttpResponse.json({ success: false, message: 'An account with this e-mail already exists' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<Layout />, { route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address with "@" and "."')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await fill(user, 'Name', 'Ada');
    await fill(user, 'Email', 'ada@example.com');
    await fill(user, 'Password', 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists');
    // Still in Sign Up mode with what was typed.
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');

    await user.click(screen.getByRole('button', { name: 'Log in here' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs up and goes home', async () => {
    mswServer.use(
      http.post('*/api/user/register', () => HttpResponse.json({ success: true, token: 'tok-new', message: 'Your account has been created.' })),
      userInfo(() => HttpResponse.json({ success: true, user: ADA })),
    );
    const { user, store } = renderWithProviders(<Layout />, { route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await fill(user, 'Name', 'Ada');
    await fill(user, 'Email', 'ada@example.com');
    await fill(user, 'Password', 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(selectUserProfile(store.getState())).toEqual(ADA));
    // Home: its hero heading.
    await waitFor(() => expect(document.getElementById('hero-title')).not.toBeNull(), { timeout: 8000 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('sends a logged-in visitor away from /login', async () => {
    mswServer.use(userInfo(() => HttpResponse.json({ success: true, user: ADA })));
    renderWithProviders(<Layout />, {
      route: '/login',
      preloadedState: { session: { ...initialSessionState, status: 'authenticated', token: 't' } },
    });
    await waitFor(() => expect(document.getElementById('hero-title')).not.toBeNull(), { timeout: 8000 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Login' })).not.toBeInTheDocument();
  });
});

describe('Forgot password page', () => {
  it('validates the e-mail, shows the inline failure, then the neutral success', async () => {
    let calls = 0;
    mswServer.use(
      http.post('*/api/user/forgot-password', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })
          : HttpResponse.json({ success: true, message: 'If an account exists for that e-mail, we have sent a link to reset the password. It is valid for 1 hour.' });
      }),
    );
    const { user } = renderWithProviders(<Layout />, { route: '/forgot-password' });
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    await fill(user, 'Email', 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address with "@" and "."')).toBeInTheDocument();
    expect(calls).toBe(0);

    await fill(user, 'Email', 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.queryByText('boom')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset link sent' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for that e-mail/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('links there from the login page', async () => {
    const { user } = renderWithProviders(<Layout />, { route: '/login' });
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('Reset password page', () => {
  it('checks length and confirmation, shows failures, and goes to /login on success', async () => {
    const token = 'A'.repeat(43);
    let calls = 0;
    let body: unknown;
    mswServer.use(
      http.post('*/api/user/reset-password/:token', async ({ params, request }) => {
        calls += 1;
        body = await request.json();
        expect(params.token).toBe(token);
        return calls === 1
          ? HttpResponse.json({ success: false, message: 'This reset link is invalid or has expired. Please request a new one.' }, { status: 400 })
          : HttpResponse.json({ success: true, message: 'Your password has been reset. You can now log in.' });
      }),
    );
    const { user } = renderWithProviders(<Layout />, { route: `/reset-password/${token}` });
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await fill(user, 'New password', 'short');
    await fill(user, 'Confirm new password', 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await fill(user, 'New password', 'long enough');
    await fill(user, 'Confirm new password', 'long enougH');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toBe(0);

    await fill(user, 'Confirm new password', 'long enough');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired');
    expect(body).toEqual({ newPassword: 'long enough' });

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByText('Your password has been reset. You can now log in.')).toBeInTheDocument();
  });
});

describe('Session on start', () => {
  it('a restored token loads the profile', async () => {
    let header: string | null = null;
    mswServer.use(
      userInfo(({ request }) => {
        header = request.headers.get('token');
        return HttpResponse.json({ success: true, user: ADA });
      }),
    );
    const store = await renderRestored('tok-restored');
    await waitFor(() => expect(selectUserProfile(store.getState())).toEqual(ADA));
    expect(header).toBe('tok-restored');
  });

  it.each([401, 403])('a %i on user info clears the token, says the session expired and goes to /login', async (status) => {
    mswServer.use(userInfo(() => HttpResponse.json({ success: false, message: 'Your session has expired. Please log in again.' }, { status })));
    const store = await renderRestored('tok-old');
    expect(await screen.findByText('Session expired. Please log in again.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ status: 'anonymous', token: null, redirectAfterLogin: '/about' });
    expect(selectUserProfile(store.getState())).toBeNull();
    // The guest cart stays.
    expect(store.getState().cart.items).toEqual({ 'p1_Red|M': 2 });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('another failure keeps the session and says Failed to fetch user info', async () => {
    mswServer.use(userInfo(() => HttpResponse.json({ success: false, message: 'Database down' }, { status: 500 })));
    const store = await renderRestored('tok-ok');
    expect(await screen.findByText('Failed to fetch user info')).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ status: 'authenticated', token: 'tok-ok' });
    expect(selectUserProfile(store.getState())).toBeNull();
  });
});
