import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../server/lib/auth';
import { STAFF_ACCOUNT_MESSAGES } from '../../../server/routes/staffAccounts';
import type { PasswordSource } from '../../../scripts/staff';
import { useStaffApp } from './staff-helpers';
import { makeShopper, postJson } from '../checkout-helpers';
import { openSocket } from '../chat-helpers';

// Every login of this file comes from one address: a limit the file never reaches.
const ctx = useStaffApp({ config: { authRateLimit: { max: 1000, windowMs: 60_000 } } });
let server: string;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  server = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
});

const info = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: { token } });
const login = (email: string, password: string) => postJson(ctx.app, '/api/user/login', { email, password });

describe('roles in the login and user-info answers', () => {
  it('says shopper or staff', async () => {
    const shopper = await makeShopper(ctx.app, 'Role');
    expect((await info(shopper.token)).json().user).toEqual({ name: 'Role', email: shopper.email, role: 'shopper' });
    expect((await info(ctx.staff.token)).json().user).toMatchObject({ role: 'staff' });

    const registered = await postJson(ctx.app, '/api/user/register', { name: 'New', email: `new.${Date.now()}@example.com`, password: 'longenough1' });
    expect(registered.json()).toMatchObject({ success: true, role: 'shopper' });
  });
});

describe('staff accounts', () => {
  it('are created and disabled by staff only', async () => {
    const shopper = await makeShopper(ctx.app, 'Mallory');
    for (const url of ['/api/staff/accounts', '/api/staff/accounts/disable']) {
      expect((await postJson(ctx.app, url, {})).statusCode, url).toBe(401);
      const res = await postJson(ctx.app, url, { email: ctx.staff.email, name: 'X', password: 'longenough1' }, shopper.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(AUTH_MESSAGES.staffOnly);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/accounts', headers: { token: shopper.token } })).statusCode).toBe(403);
  });

  it('validate every field with a clear message', async () => {
    const res = await postJson(ctx.app, '/api/staff/accounts', { email: 'nope', name: ' ', password: 'short', role: 'staff' }, ctx.staff.token);
    expect(res.statusCode).toBe(400);
    const message = res.json().message as string;
    expect(message).toContain('Email must be an e-mail address');
    expect(message).toContain('Name is required');
    expect(message).toContain('Password must be at least 8 characters long');
    expect(message).toContain('This field is not accepted: role');
  });

  it('a new staff account logs in as staff; a taken e-mail is refused and a shopper is never promoted', async () => {
    const email = `colleague.${Date.now()}@example.com`;
    const created = await postJson(ctx.app, '/api/staff/accounts', { email: email.toUpperCase(), name: 'Colleague', password: 'correct horse' }, ctx.staff.token);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, account: { email, name: 'Colleague', role: 'staff', disabled: false } });
    const session = await login(email, 'correct horse');
    expect(session.json()).toMatchObject({ success: true, role: 'staff' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/conversations', headers: { token: session.json().token } })).statusCode).toBe(200);

    const again = await postJson(ctx.app, '/api/staff/accounts', { email, name: 'Twice', password: 'correct horse' }, ctx.staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STAFF_ACCOUNT_MESSAGES.taken(email));
    const shopper = await makeShopper(ctx.app, 'Shopper');
    expect((await postJson(ctx.app, '/api/staff/accounts', { email: shopper.email, name: 'Sneaky', password: 'correct horse' }, ctx.staff.token)).statusCode).toBe(409);
    expect((await info(shopper.token)).json().user.role).toBe('shopper');

    const audit = await ctx.app.audit.list('user', created.json().account._id);
    expect(audit).toMatchObject([{ action: 'create-staff', actor: { _id: ctx.staff.id, email: ctx.staff.email }, changes: { email: { from: null, to: email } } }]);
  });

  it('a disabled account cannot log in, and its sessions and sockets end at once', async () => {
    const email = `leaver.${Date.now()}@example.com`;
    await postJson(ctx.app, '/api/staff/accounts', { email, name: 'Leaver', password: 'correct horse' }, ctx.staff.token);
    const token = (await login(email, 'correct horse')).json().token as string;
    const socket = await openSocket(server, token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const res = await postJson(ctx.app, '/api/staff/accounts/disable', { email }, ctx.staff.token);
    expect(res.json()).toMatchObject({ success: true, account: { email, disabled: true } });
    expect(await disconnected).toBe('io server disconnect');
    socket.close();

    const refusedInfo = await info(token);
    expect(refusedInfo.statusCode).toBe(401);
    expect(refusedInfo.json().message).toBe(AUTH_MESSAGES.disabled);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/orders', headers: { token } })).statusCode).toBe(401);
    const relogin = await login(email, 'correct horse');
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json().message).toBe(AUTH_MESSAGES.disabled);
    // A wrong password says nothing about the account being disabled.
    expect((await login(email, 'wrong password')).json().message).toBe('Invalid email or password');
    await expect(openSocket(server, token)).rejects.toThrow(AUTH_MESSAGES.disabled);

    const audit = await ctx.app.audit.list('user', res.json().account._id);
    expect(audit.map((a) => a.action)).toEqual(['disable-staff', 'create-staff']);
  });

  it('refuses to disable oneself, a shopper or nobody', async () => {
    expect((await postJson(ctx.app, '/api/staff/accounts/disable', { email: ctx.staff.email }, ctx.staff.token)).json().message).toBe(STAFF_ACCOUNT_MESSAGES.notYourself);
    const shopper = await makeShopper(ctx.app, 'Shopper');
    const res = await postJson(ctx.app, '/api/staff/accounts/disable', { email: shopper.email }, ctx.staff.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(STAFF_ACCOUNT_MESSAGES.notFound(shopper.email));
    expect((await info(shopper.token)).statusCode).toBe(200);
  });
});

describe('the CLI: create-staff and disable-staff', () => {
  const run = async (args: string[], passwords: PasswordSource = { interactive: false, ask: async () => '' }) => {
    const { main } = await import('../../../scripts/staff');
    const lines: string[] = [];
    const code = await main([...args, '--server', server], { DATA_DIR: ctx.t.dataDir }, (l) => lines.push(l), passwords);
    return { code, text: lines.join('\n') };
  };

  it('generates a password into a 0600 file (never on stdout) when not on a terminal', async () => {
    const email = `cli.${Date.now()}@example.com`;
    const r = await run(['create-staff', '--email', email, '--name', 'Cli Staff']);
    const file = path.join(ctx.t.dataDir, `staff-${email}.json`);
    expect(r).toEqual({ code: 0, text: `Staff account ${email} created. Its generated password is in ${file} (readable only by you).` });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { password } = JSON.parse(readFileSync(file, 'utf8')) as { password: string };
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(r.text).not.toContain(password);
    expect((await login(email, password)).json()).toMatchObject({ success: true, role: 'staff' });

    // The same file is never overwritten; a failed creation leaves no password file behind.
    await expect(run(['create-staff', '--email', email, '--name', 'Again'])).rejects.toThrow('already exists; choose another --password-file');
    const other = path.join(ctx.t.dataDir, 'other.json');
    await expect(run(['create-staff', '--email', email, '--name', 'Again', '--password-file', other])).rejects.toThrow(STAFF_ACCOUNT_MESSAGES.taken(email));
    expect(() => statSync(other)).toThrow();

    expect((await run(['disable-staff', '--email', email])).text).toBe(`Staff account ${email} is disabled; its sessions have ended.`);
    expect((await login(email, password)).statusCode).toBe(403);
  });

  it('asks twice for the password on a terminal', async () => {
    const email = `typed.${Date.now()}@example.com`;
    const answers = ['typed password', 'typed password'];
    const asked: string[] = [];
    const r = await run(['create-staff', '--email', email, '--name', 'Typed'], { interactive: true, ask: async (q: string) => (asked.push(q), answers.shift()!) });
    expect(r.text).toBe(`Staff account ${email} created.`);
    expect(asked).toHaveLength(2);
    expect((await login(email, 'typed password')).json().role).toBe('staff');
    const mismatch = ['one password', 'another one'];
    await expect(run(['create-staff', '--email', `x.${email}`, '--name', 'X'], { interactive: true, ask: async () => mismatch.shift()! })).rejects.toThrow('The passwords do not match');
    await expect(run(['create-staff', '--email', `y.${email}`, '--name', 'Y'], { interactive: true, ask: async () => 'short' })).rejects.toThrow('at least 8 characters');
    await expect(run(['create-staff', '--email', email])).rejects.toThrow('--name is required');
  });
});
