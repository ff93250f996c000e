/**
 * The per-e-mail login limit counts failures only, starts again after a success,
 * and holds back the source that fails — never the account, so nobody can lock a shopper (or the
 * staff account at its predictable address) out by guessing.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../../server/db/schema';
import { staffFilePath } from '../../../server/lib/staffBootstrap';
import { MESSAGES } from '../../../server/routes/user';
import { buildTestApp, type TestApp } from '../helpers';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  // The per-IP limit (all auth attempts) is raised so that only the failure count is under test.
  t = await buildTestApp({ config: { authRateLimit: { max: 1000, windowMs: 15 * 60_000 }, loginFailures: { max: 5, windowMs: 15 * 60_000 } } });
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const freshIp = () => `10.8.${Math.floor(++seq / 200)}.${(seq % 200) + 1}`;
const login = (email: string, password: string, ip: string) => app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: ip });

async function account() {
  const email = `lock.${Date.now().toString(36)}.${++seq}@example.com`;
  const password = 'the right one';
  const res = await app.inject({ method: 'POST', url: '/api/user/register', payload: { name: 'Lock', email, password }, remoteAddress: freshIp() });
  expect(res.statusCode).toBe(200);
  return { email, password };
}

describe('login failures', () => {
  it('successes never count, and a success starts the count again', async () => {
    const { email, password } = await account();
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await login(email, password, ip)).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(email, `wrong ${i}`, ip)).statusCode).toBe(401);
      expect((await login(email, password, ip)).statusCode).toBe(200);
    }
  });

  it('the sixth failure in a row holds that source back, even with the right password, for the rest of the window', async () => {
    const { email, password } = await account();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong ${i}`, ip)).json()).toEqual({ success: false, message: MESSAGES.badCredentials });
    const held = await login(email, password, ip);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ success: false, message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Once the window is over the source may try again.
    await app.db.update(loginFailures).set({ windowEndsAt: new Date(Date.now() - 1000) }).where(eq(loginFailures.email, email));
    expect((await login(email, password, ip)).statusCode).toBe(200);
  });

  it('guessing from one source never locks the owner out elsewhere — the staff account included', async () => {
    const staff = (await app.users.findStaff())!;
    const { password } = JSON.parse(readFileSync(staffFilePath(t.dataDir), 'utf8')) as { password: string };
    const attacker = freshIp();
    for (let i = 0; i < 30; i++) await login(staff.email, `guess ${i}`, attacker);
    expect((await login(staff.email, password, attacker)).statusCode).toBe(429);
    expect((await login(staff.email, password, freshIp())).statusCode).toBe(200);
  });

  it('a burst of parallel guesses gets no more than the limit checked', async () => {
    const { email } = await account();
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => login(email, `parallel ${i}`, ip)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('unknown e-mails are counted the same way (no hint that an account exists)', async () => {
    const ip = freshIp();
    const nobody = `nobody.${++seq}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(nobody, 'x', ip)).statusCode).toBe(401);
    expect((await login(nobody, 'x', ip)).statusCode).toBe(429);
  });
});
