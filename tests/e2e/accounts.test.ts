import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, dataDir, DESKTOP, newPage, PHONE, screenshot } from './browser';

/** Console errors that are not bugs: the browser logs every refused request (401 on a wrong password). */
const realErrors = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** Waits for the newest mail to `to` in DATA_DIR/outbox.jsonl (the server's SMTP fallback). */
async function waitForMail(to: string, after: number): Promise<OutboxMail> {
  const file = path.join(dataDir(), 'outbox.jsonl');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const mails = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as OutboxMail)
        .filter((m) => m.to === to && Date.parse(m.sentAt) >= after - 1000);
      if (mails.length) return mails[mails.length - 1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in ${file}`);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function expectLoggedIn(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'My orders' }).waitFor();
  await page.waitForURL((u) => u.pathname !== '/login');
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Are you sure you want to log out?').waitFor();
  await dialog.getByRole('button', { name: /yes, log out/i }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
}

/** The token as redux-persist keeps it in local storage. */
async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('persist:layerloft');
    if (!raw) return null;
    const session = JSON.parse(JSON.parse(raw).session ?? 'null') as { token?: string | null } | null;
    return session?.token ?? null;
  });
}

describe('accounts against the real server', () => {
  it('sign up, log out, log in, forgot password → outbox link → new password; the old one fails', async () => {
    const page = await newPage(DESKTOP);
    const email = `shopper.${Date.now().toString(36)}@example.com`;
    const first = 'first password 1';
    const second = 'second password 2';

    // Sign up.
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(first);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedToken(page)).toMatch(/^eyJ/);

    // The profile call answers with the new account.
    const token = (await storedToken(page))!;
    const info = await page.request.get('/api/user/info', { headers: { token } });
    expect(await info.json()).toEqual({ success: true, user: { name: 'Ada Lovelace', email, role: 'shopper' } });

    // Log out (confirm dialog): token gone from memory and local storage.
    await logOut(page);
    await expect.poll(() => storedToken(page)).toBeNull();

    // Log in again.
    await logIn(page, email, first);
    await expectLoggedIn(page);
    await logOut(page);

    // Forgot password → the link from the outbox.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    const asked = Date.now();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset link sent' }).waitFor();
    await page.getByText(/If an account exists for that e-mail/).waitFor();
    await screenshot(page, 'accounts-forgot-sent-1440');

    const mail = await waitForMail(email, asked);
    const link = /(https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();
    expect(link!.startsWith(`${baseUrl()}/reset-password/`)).toBe(true);

    // Set a new password.
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(second);
    await page.getByLabel('Confirm new password', { exact: true }).fill(second + 'x');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill(second);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Your password has been reset. You can now log in.').waitFor();

    // The link works once.
    const reuse = await page.request.post(`/api/user/reset-password/${link!.split('/').pop()}`, { data: { newPassword: 'third password 3' } });
    expect(reuse.status()).toBe(400);

    // The old password fails with the server's message; the new one works.
    await logIn(page, email, first);
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('Password', { exact: true }).fill(second);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectLoggedIn(page);

    expect(realErrors(page.errors)).toEqual([]);
  });

  it('a stale token is dropped on start: toast, /login, and the page is remembered for after login', async () => {
    const page = await newPage(DESKTOP);
    // Stored before the app's scripts run (a write after start could be overwritten by redux-persist).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      const session = JSON.stringify({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' });
      localStorage.setItem('persist:layerloft', JSON.stringify({ session, _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
    });
    await page.goto('/about');
    await page.getByText('Session expired. Please log in again.').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    await expect.poll(() => storedToken(page)).toBeNull();
    // The page they were on is the redirect-after-login target.
    const email = `returning.${Date.now().toString(36)}@example.com`;
    const created = await page.request.post('/api/user/register', { data: { name: 'Returning', email, password: 'returning pass 1' } });
    expect(created.status()).toBe(200);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('returning pass 1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/about');
    await expectLoggedIn(page);
    expect(realErrors(page.errors)).toEqual([]);
  });

  for (const [label, viewport] of [['1440', DESKTOP], ['375', PHONE]] as const) {
    it(`the account pages fit and look right at ${label} px`, async () => {
      const page = await newPage(viewport);
      const noOverflow = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Please enter a valid email address with "@" and "."').waitFor();
      await noOverflow();
      await screenshot(page, `accounts-login-${label}`);

      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
      await noOverflow();
      await screenshot(page, `accounts-signup-${label}`);

      await page.goto('/forgot-password');
      await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
      await noOverflow();
      await screenshot(page, `accounts-forgot-${label}`);

      await page.goto(`/reset-password/${'A'.repeat(43)}`);
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('long enough');
      await page.getByLabel('Confirm new password', { exact: true }).fill('long enough');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
      await noOverflow();
      await screenshot(page, `accounts-reset-${label}`);
      expect(realErrors(page.errors)).toEqual([]);
    });
  }
});
