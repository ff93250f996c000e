import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets, sessions, users } from '../../server/db/schema';
import { AUTH_MESSAGES, SessionTokens } from '../../server/lib/auth';
import { outboxPath } from '../../server/lib/mailer';
import { staffFilePath } from '../../server/lib/staffBootstrap';
import { MESSAGES } from '../../server/routes/user';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: 'https://shop.example.test' } });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
/** A unique e-mail per test, so per-e-mail rate limits never cross tests. */
const freshEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${++seq}@example.com`;
/** A distinct client address per test (rate limits count per IP too). */
const freshIp = () => `10.0.${Math.floor(seq / 200)}.${(++seq % 200) + 1}`;

function post(url: string, body: unknown, opts: { ip?: string; token?: string } = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.token ? { token: opts.token } : {},
  });
}
function info(token?: string) {
  return app.inject({ method: 'GET', url: '/api/user/info', headers: token === undefined ? {} : { token } });
}
async function register(name = 'Ada Lovelace', email = freshEmail(), password = 'correct horse 1') {
  const res = await post('/api/user/register', { name, email, password });
  expect(res.statusCode, res.body).toBe(200);
  return { email, password, token: res.json().token as string };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}
function outbox(): OutboxMail[] {
  const file = outboxPath(t.dataDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutboxMail);
}
/** Waits for the reset mail to `to` (mail is sent after the response) and returns its token. */
async function resetTokenFor(to: string, nth = 1): Promise<string> {
  let mail: OutboxMail | undefined;
  await vi.waitFor(() => {
    mail = outbox().filter((m) => m.to === to)[nth - 1];
    expect(mail).toBeDefined();
  });
  const m = /https:\/\/shop\.example\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(m, mail!.text).not.toBeNull();
  return m![1];
}

describe('register, login, info', () => {
  it('registers, answers a token, and the token reads the profile', async () => {
    const email = freshEmail();
    const res = await post('/api/user/register', { name: '  Ada Lovelace ', email: `  ${email.toUpperCase()} `, password: 'correct horse 1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: MESSAGES.registered });
    expect(body.token).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await info(body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, user: { name: 'Ada Lovelace', email, role: 'shopper' } });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('stores an Argon2id hash, never the password', async () => {
    const { email } = await register('Hash Check', freshEmail(), 'my secret pass');
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('my secret pass');
    expect(row.role).toBe('shopper');
  });

  it('logs in with the e-mail in any letter case', async () => {
    const { email, password } = await register();
    const res = await post('/api/user/login', { email: ` ${email.toUpperCase()}`, password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: MESSAGES.loggedIn });
    expect((await info(res.json().token)).json().user.email).toBe(email);
  });

  it('refuses a second account with the same e-mail (any letter case)', async () => {
    const { email } = await register();
    const res = await post('/api/user/register', { name: 'Copy', email: email.toUpperCase(), password: 'another pass 1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'An account with this e-mail already exists' });
  });

  it('refuses a wrong password with 401 and the generic message', async () => {
    const { email } = await register();
    const res = await post('/api/user/login', { email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.badCredentials });
  });

  it('refuses weak and overlong passwords on register', async () => {
    const short = await post('/api/user/register', { name: 'A', email: freshEmail(), password: 'seven77' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Password must be at least 8 characters long');
    const long = await post('/api/user/register', { name: 'A', email: freshEmail(), password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Password must be at most 128 characters long');
    const ok = await post('/api/user/register', { name: 'A', email: freshEmail(), password: 'x'.repeat(128) });
    expect(ok.statusCode).toBe(200);
  });

  it('answers malformed bodies with 400 and a clear message', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['/api/user/register', {}, /Name is required.*Email is required.*Password is required/],
      ['/api/user/register', { name: 'A', email: 'not-an-email', password: 'long enough' }, /Email must be a valid e-mail address/],
      ['/api/user/register', { name: '   ', email: freshEmail(), password: 'long enough' }, /Name is required/],
      ['/api/user/register', { name: 42, email: freshEmail(), password: 'long enough' }, /Name is required/],
      ['/api/user/login', { email: freshEmail() }, /Password is required/],
      ['/api/user/login', { email: 'a@b', password: 'x' }, /Email must be a valid e-mail address/],
      ['/api/user/login', [], /Invalid request/],
      ['/api/user/forgot-password', { email: ['x@example.com'] }, /Email is required/],
      ['/api/user/forgot-password', {}, /Email is required/],
    ];
    for (const [url, body, message] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(message);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
      remoteAddress: freshIp(),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ success: false, message: 'Malformed JSON body' });
  });

  it('refuses mass assignment: role, staff or any extra field on register', async () => {
    for (const extra of [{ role: 'staff' }, { staff: true }, { isAdmin: true }, { sessionId: 'mine' }]) {
      const email = freshEmail();
      const res = await post('/api/user/register', { name: 'Mallory', email, password: 'long enough 1', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toMatch(/This field is not accepted: /);
      expect(await app.users.findByEmail(email)).toBeNull();
    }
  });
});

describe('session tokens', () => {
  const tokens = new SessionTokens('test-secret-test-secret-test-secret-0123');

  it('requires a token', async () => {
    for (const token of [undefined, '', '   ']) {
      const res = await info(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.missing });
    }
  });

  it('refuses garbage, a token signed with another key, and alg: none', async () => {
    const { token } = await register();
    const { userId, sessionId } = await app.sessionTokens.verify(token);
    const otherKey = await new SessionTokens('another-secret-another-secret-another-1').issue(userId, sessionId);
    const unsigned = new UnsecuredJWT({ iat: Math.floor(Date.now() / 1000), sid: sessionId })
      .setSubject(userId)
      .setIssuer('layerloft')
      .setAudience('layerloft-session')
      .setExpirationTime('7d')
      .encode();
    const [h, p] = token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const hs512 = await new SignJWT({ iat: Math.floor(Date.now() / 1000), sid: sessionId })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(userId)
      .setIssuer('layerloft')
      .setAudience('layerloft-session')
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    const forged = [
      'not-a-jwt',
      otherKey,
      unsigned,
      `${noneHeader}.${p}.`,
      `${h}.${Buffer.from(JSON.stringify({ sub: 'someone-else', sid: sessionId, iat: 1, exp: 9999999999, iss: 'layerloft', aud: 'layerloft-session' })).toString('base64url')}.${token.split('.')[2]}`,
      hs512,
    ];
    for (const bad of forged) {
      const res = await info(bad);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalid });
    }
  });

  it('refuses an expired token with its own message', async () => {
    const { token } = await register();
    const { userId, sessionId } = await app.sessionTokens.verify(token);
    const eightDaysAgo = Date.now() - 8 * 24 * 3600 * 1000;
    const old = await new SessionTokens('test-secret-test-secret-test-secret-0123', () => eightDaysAgo).issue(userId, sessionId);
    const res = await info(old);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.expired });
    // Six days old is still fine (7-day expiry) while its session is open.
    const sixDaysAgo = Date.now() - 6 * 24 * 3600 * 1000;
    await app.users.createSession(userId, 'six-days-old-session', new Date(sixDaysAgo + 7 * 24 * 3600 * 1000));
    const recent = await new SessionTokens('test-secret-test-secret-test-secret-0123', () => sixDaysAgo).issue(userId, 'six-days-old-session');
    expect((await info(recent)).statusCode).toBe(200);
    // A session past its expiry is refused as expired even if its token were not.
    await app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, 'six-days-old-session'));
    expect((await info(recent)).json()).toEqual({ success: false, message: AUTH_MESSAGES.expired });
  });

  it('refuses a token naming no session, or a session of another account', async () => {
    const alice = await register();
    const bob = await register();
    const a = await app.sessionTokens.verify(alice.token);
    const b = await app.sessionTokens.verify(bob.token);
    const signer = new SessionTokens('test-secret-test-secret-test-secret-0123');
    for (const forged of [await signer.issue(a.userId, 'never-issued'), await signer.issue(a.userId, b.sessionId)]) {
      const res = await info(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.ended });
    }
    // A token without a session at all (as issued before sessions existed) is not a session token.
    const noSid = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.userId)
      .setIssuer('layerloft')
      .setAudience('layerloft-session')
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123'));
    expect((await info(noSid)).json()).toEqual({ success: false, message: AUTH_MESSAGES.invalid });
  });

  it('remembers a verified token only until it expires, and never vouches for a tampered copy', async () => {
    // SessionTokens skips the HMAC for a token it already verified: the clock still rules.
    let now = Date.now();
    const clocked = new SessionTokens('test-secret-test-secret-test-secret-0123', () => now);
    const token = await clocked.issue('aaaaaaaaaaaaaaaaaaaaaaaa', 'some-session');
    expect(await clocked.verify(token)).toMatchObject({ userId: 'aaaaaaaaaaaaaaaaaaaaaaaa', sessionId: 'some-session' });
    const [h, p, sig] = token.split('.');
    const flipped = `${sig!.slice(0, -2)}${sig!.endsWith('A') ? 'B' : 'A'}${sig!.slice(-1)}`;
    await expect(clocked.verify(`${h}.${p}.${flipped}`)).rejects.toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.invalid });
    const otherSub = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'bbbbbbbbbbbbbbbbbbbbbbbb' })).toString('base64url');
    await expect(clocked.verify(`${h}.${otherSub}.${sig}`)).rejects.toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.invalid });
    now += 7 * 24 * 3600 * 1000 + 1000;
    await expect(clocked.verify(token)).rejects.toMatchObject({ statusCode: 401, message: AUTH_MESSAGES.expired });
  });

  it('refuses the token of a deleted account', async () => {
    const { token } = await register();
    const { userId } = await app.sessionTokens.verify(token);
    await app.users.delete(userId);
    const res = await info(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.deleted });
    expect(await tokens.verify(token)).toMatchObject({ userId });
  });
});

describe('no account enumeration', () => {
  it('login: unknown e-mail and wrong password get the same status and message', async () => {
    const { email } = await register();
    const wrong = await post('/api/user/login', { email, password: 'wrong password' });
    const unknown = await post('/api/user/login', { email: freshEmail('nobody'), password: 'wrong password' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('forgot-password: the same answer for an unknown e-mail, and no mail is sent', async () => {
    const { email } = await register();
    const known = await post('/api/user/forgot-password', { email });
    const nobody = freshEmail('nobody');
    const unknown = await post('/api/user/forgot-password', { email: nobody });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, message: MESSAGES.forgot });
    await resetTokenFor(email);
    expect(outbox().some((m) => m.to === nobody)).toBe(false);
  });
});

describe('password reset', () => {
  it('mails a link on PUBLIC_URL (never the Host header) and the outbox file is private', async () => {
    const { email } = await register('Grace', freshEmail());
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(200);
    const token = await resetTokenFor(email);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const mail = outbox().find((m) => m.to === email)!;
    expect(mail.subject).toBe('Reset your LayerLoft password');
    expect(mail.text + mail.html).not.toContain('evil.example');
    expect(mail.html).toContain(`https://shop.example.test/reset-password/${token}`);
    expect(new Date(mail.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(statSync(outboxPath(t.dataDir)).mode & 0o777).toBe(0o600);
  });

  it('stores only a hash of the token', async () => {
    const { email } = await register();
    await post('/api/user/forgot-password', { email });
    const token = await resetTokenFor(email);
    const user = (await app.users.findByEmail(email))!;
    const rows = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it('sets the new password, once; the old password and older sessions stop working', async () => {
    const { email, password, token: oldSession } = await register();
    expect((await info(oldSession)).statusCode).toBe(200);
    await post('/api/user/forgot-password', { email });
    const resetToken = await resetTokenFor(email);

    const weak = await post(`/api/user/reset-password/${resetToken}`, { newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain('Password must be at least 8 characters long');

    const ok = await post(`/api/user/reset-password/${resetToken}`, { newPassword: 'brand new pass' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: MESSAGES.reset });

    const again = await post(`/api/user/reset-password/${resetToken}`, { newPassword: 'another new pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: MESSAGES.badResetLink });

    const oldInfo = await info(oldSession);
    expect(oldInfo.statusCode).toBe(401);
    expect(oldInfo.json()).toEqual({ success: false, message: AUTH_MESSAGES.revoked });

    expect((await post('/api/user/login', { email, password })).statusCode).toBe(401);
    const login = await post('/api/user/login', { email, password: 'brand new pass' });
    expect(login.statusCode).toBe(200);
    // A session started right after the reset works.
    expect((await info(login.json().token)).statusCode).toBe(200);
  });

  it('a reset spends the other outstanding links of that account', async () => {
    const { email } = await register();
    await post('/api/user/forgot-password', { email });
    const first = await resetTokenFor(email, 1);
    await post('/api/user/forgot-password', { email });
    const second = await resetTokenFor(email, 2);
    expect(second).not.toBe(first);
    expect((await post(`/api/user/reset-password/${second}`, { newPassword: 'second link pass' })).statusCode).toBe(200);
    expect((await post(`/api/user/reset-password/${first}`, { newPassword: 'first link pass' })).statusCode).toBe(400);
  });

  it('refuses an expired token', async () => {
    const { email, password } = await register();
    await post('/api/user/forgot-password', { email });
    const token = await resetTokenFor(email);
    const user = (await app.users.findByEmail(email))!;
    await app.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    const res = await post(`/api/user/reset-password/${token}`, { newPassword: 'too late pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.badResetLink });
    expect((await post('/api/user/login', { email, password })).statusCode).toBe(200);
  });

  it('refuses wrong and malformed tokens the same way', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(90), 'with%20space', 'A'.repeat(42) + '=']) {
      const res = await post(`/api/user/reset-password/${token}`, { newPassword: 'whatever pass' });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.badResetLink });
    }
  });
});

describe('rate limits', () => {
  it('login: the 11th attempt from one IP within the window gets 429 with Retry-After', async () => {
    const ip = freshIp();
    // Failures only, 50 per address (LOGIN_ADDRESS_FAILURE_MAX): a shop's neighbours behind one address are not locked out by each other's logins.
    for (let i = 0; i < 50; i++) {
      const res = await post('/api/user/login', { email: freshEmail(), password: 'wrong password' }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/user/login', { email: freshEmail(), password: 'wrong password' }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Another client is not affected.
    expect((await post('/api/user/login', { email: freshEmail(), password: 'wrong password' })).statusCode).toBe(401);
  });

  it('login: failures for one e-mail hold back that source, never the account', async () => {
    const { email, password } = await register();
    const guesser = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/user/login', { email, password: 'guess ' + i }, { ip: guesser })).statusCode).toBe(401);
    }
    // Even the right password from that source is refused: guessing cannot go on there.
    const res = await post('/api/user/login', { email: email.toUpperCase(), password }, { ip: guesser });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
    // The owner, elsewhere, logs in as usual.
    expect((await post('/api/user/login', { email, password })).statusCode).toBe(200);
  });

  it('register and forgot-password are limited too', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/user/register', { name: 'Bot', email: freshEmail('bot'), password: 'bot password' }, { ip });
      expect(res.statusCode).toBe(200);
    }
    expect((await post('/api/user/register', { name: 'Bot', email: freshEmail('bot'), password: 'bot password' }, { ip })).statusCode).toBe(429);

    const email = freshEmail('nobody');
    for (let i = 0; i < 10; i++) expect((await post('/api/user/forgot-password', { email })).statusCode).toBe(200);
    const blocked = await post('/api/user/forgot-password', { email });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts/);
  });

  it('the limits come from configuration', async () => {
    const strict = await t.buildOn();
    const cfgApp = await (async () => {
      await strict.close();
      const { buildApp } = await import('../../server/app');
      return buildApp({ ...t.config, authRateLimit: { max: 2, windowMs: 60_000 }, loginAddressFailureMax: 2, loginFailures: { ...t.config.loginFailures, windowMs: 60_000 } }, { database: t.database, distDir: path.join(t.dataDir, 'no-dist') });
    })();
    try {
      const ip = freshIp();
      const attempt = () =>
        cfgApp.inject({ method: 'POST', url: '/api/user/login', payload: { email: freshEmail(), password: 'x' }, remoteAddress: ip });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe('Too many attempts. Please try again in 1 minute.');
    } finally {
      await cfgApp.close();
    }
  });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedis)('rate limits with REDIS_URL', () => {
  it('two instances share one count', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const { buildApp } = await import('../../server/app');
    const config = { ...t.config, redisUrl: `redis://127.0.0.1:${port}`, authRateLimit: { max: 3, windowMs: 60_000 }, loginAddressFailureMax: 3 };
    const deps = { database: t.database, distDir: path.join(t.dataDir, 'no-dist') };
    try {
      await vi.waitFor(() => new Promise<void>((resolve, reject) => net.connect(port, '127.0.0.1').on('connect', function (this: net.Socket) { this.end(); resolve(); }).on('error', reject)), { timeout: 5000 });
      const a = await buildApp(config, deps);
      const b = await buildApp(config, deps);
      try {
        const ip = freshIp();
        const attempt = (instance: FastifyInstance) =>
          instance.inject({ method: 'POST', url: '/api/user/login', payload: { email: freshEmail(), password: 'x' }, remoteAddress: ip });
        expect((await attempt(a)).statusCode).toBe(401);
        expect((await attempt(b)).statusCode).toBe(401);
        expect((await attempt(a)).statusCode).toBe(401);
        expect((await attempt(b)).statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      redis.kill('SIGTERM');
    }
  });
});

describe('requireUser / requireStaff for other features', () => {
  it('guards routes, sets request.user, and refuses shoppers on staff routes', async () => {
    const guarded = await t.buildOn({
      plugins: [
        async (a) => {
          a.get('/api/__me', { preHandler: a.requireUser }, async (req) => ({ success: true, user: req.user }));
          a.get('/api/__staff', { preHandler: a.requireStaff }, async (req) => ({ success: true, role: req.user?.role }));
        },
      ],
    });
    try {
      const { token, email } = await register('Shopper', freshEmail());
      const me = await guarded.inject({ url: '/api/__me', headers: { token } });
      expect(me.json()).toMatchObject({ success: true, user: { name: 'Shopper', email, role: 'shopper' } });
      expect(me.json().user.id).toMatch(/^[0-9a-f]{24}$/);
      expect((await guarded.inject('/api/__me')).json()).toEqual({ success: false, message: AUTH_MESSAGES.missing });

      const asShopper = await guarded.inject({ url: '/api/__staff', headers: { token } });
      expect(asShopper.statusCode).toBe(403);
      expect(asShopper.json()).toEqual({ success: false, message: AUTH_MESSAGES.staffOnly });

      const staff = JSON.parse(readFileSync(staffFilePath(t.dataDir), 'utf8')) as { email: string; password: string };
      const login = await post('/api/user/login', staff);
      expect(login.statusCode).toBe(200);
      const asStaff = await guarded.inject({ url: '/api/__staff', headers: { token: login.json().token } });
      expect(asStaff.json()).toEqual({ success: true, role: 'staff' });
    } finally {
      await guarded.close();
    }
  });
});

describe('staff bootstrap', () => {
  it('creates one staff account with a generated password in DATA_DIR/staff.json (0600)', async () => {
    const file = staffFilePath(t.dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const staff = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
    expect(staff.email).toBe('staff@layerloft.shop');
    expect(staff.password.length).toBeGreaterThanOrEqual(20);
    const rows = await app.db.select().from(users).where(eq(users.role, 'staff'));
    expect(rows).toHaveLength(1);
    // Starting again does not create another one or change the password.
    const again = await t.buildOn();
    await again.close();
    expect(await app.db.select().from(users).where(eq(users.role, 'staff'))).toHaveLength(1);
    expect(JSON.parse(readFileSync(file, 'utf8')).password).toBe(staff.password);
  });

  it('uses STAFF_EMAIL/STAFF_PASSWORD when set, and a shopper with that address is promoted only with that password', async () => {
    const { email } = await register('Would-be staff', freshEmail('boss'));
    const { buildApp } = await import('../../server/app');
    const withStaff = await buildApp(
      { ...t.config, staffEmail: email, staffPassword: 'operator chosen 1' },
      { database: t.database, distDir: path.join(t.dataDir, 'no-dist') },
    );
    try {
      const row = (await app.users.findByEmail(email))!;
      expect(row.role).toBe('staff');
      expect((await post('/api/user/login', { email, password: 'correct horse 1' })).statusCode).toBe(401);
      expect((await post('/api/user/login', { email, password: 'operator chosen 1' })).statusCode).toBe(200);
    } finally {
      await withStaff.close();
    }
  });
});
