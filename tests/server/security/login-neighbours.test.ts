/**
 * Login limits never lock out neighbours: the per-address login bucket
 * counted successes and every e-mail, so ten logins from one address (a shared NAT, or every
 * shopper behind a proxy without TRUST_PROXY) blocked everyone there for 15 minutes. Only failures
 * count per address now (LOGIN_ADDRESS_FAILURE_MAX, 50 by default), and a success does not reset
 * them (or one account of one's own would buy endless guesses at others).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';

const ADDRESS_MAX = 6;
let t: TestApp;
const accounts: { email: string; password: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp({ config: { loginAddressFailureMax: ADDRESS_MAX, loginFailures: { max: 5, windowMs: 15 * 60_000 } } });
  for (let i = 0; i < 15; i++) {
    const email = `neighbour.${i}.${Date.now().toString(36)}@example.com`;
    const password = `password-of-${i}`;
    await t.app.users.create({ name: `Neighbour ${i}`, email, passwordHash: await t.app.passwords.hash(password) });
    accounts.push({ email, password });
  }
});
afterAll(() => t?.close());

const login = (email: string, password: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress });

describe('logins from one address', () => {
  it('many shoppers behind one address all log in, again and again', async () => {
    for (let round = 0; round < 4; round++) {
      for (const a of accounts) expect((await login(a.email, a.password, '203.0.113.7')).statusCode, `${round} ${a.email}`).toBe(200);
    }
  });

  it('failures from one address are limited whatever the e-mail; successes neither count nor reset them; other addresses go on', async () => {
    const from = '198.51.100.9';
    for (let i = 0; i < ADDRESS_MAX; i++) {
      expect((await login(`nobody.${i}@example.com`, 'wrong-password', from)).statusCode).toBe(401);
      // A success in between (the guesser's own account) buys no more guesses.
      if (i === 2) expect((await login(accounts[0].email, accounts[0].password, from)).statusCode).toBe(200);
    }
    const blocked = await login(`nobody.more@example.com`, 'wrong-password', from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Held back even with a right password: otherwise guessing would go on.
    expect((await login(accounts[1].email, accounts[1].password, from)).statusCode).toBe(429);
    // The neighbours elsewhere are untouched.
    expect((await login(accounts[1].email, accounts[1].password, '198.51.100.10')).statusCode).toBe(200);
  });
});
