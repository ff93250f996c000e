/**
 * TRUST_PROXY names a hop count or the proxies' addresses, never "every hop";
 * per-IP limits count an IPv6 client by its /64.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ConfigError, loadConfig } from '../../../server/config';
import { DISCOUNT_CODE_LIMIT } from '../../../server/plugins/limits';
import { buildTestApp, type TestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
});
afterAll(async () => {
  await t?.close();
});

describe('TRUST_PROXY', () => {
  const load = (v: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v, JWT_SECRET: 'x'.repeat(32) }).trustProxy;

  it('accepts off, a hop count, or a list of addresses and CIDR ranges', () => {
    expect(load('false')).toBe(false);
    expect(load('0')).toBe(false);
    expect(load('2')).toBe(2);
    expect(load('10.0.0.0/8, 127.0.0.1,::1,fd00:1::/48,2001:db8::/32,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00:1::/48', '2001:db8::/32', 'loopback']);
  });

  it('refuses "true" and anything else with a message saying what to give', () => {
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
      expect(() => load(bad), bad).toThrow(/TRUST_PROXY=.*must be the number of proxies in front of the server .* or a comma-separated list of their addresses or CIDR ranges/);
    }
  });

  it('takes the client address from X-Forwarded-For only through a trusted proxy', async () => {
    const guess = (remoteAddress: string, forwardedFor: string) =>
      t.app.inject({ method: 'POST', url: '/api/discounts/validate', payload: { code: 'NOPE' }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
    // A direct client forging X-Forwarded-For: its own address is counted, whatever it claims.
    const statuses: number[] = [];
    for (let i = 0; i <= DISCOUNT_CODE_LIMIT.max; i++) statuses.push((await guess('203.0.113.9', `198.51.100.${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    // Through the trusted proxy, each forwarded client has a budget of its own.
    expect((await guess('127.0.0.1', '198.51.100.200')).statusCode).toBe(404);
  });
});

describe('IPv6 clients are counted by their /64', () => {
  it('another address in the same /64 shares the budget; another /64 does not', async () => {
    const guess = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/api/discounts/validate', payload: { code: 'NOPE' }, remoteAddress });
    for (let i = 0; i < DISCOUNT_CODE_LIMIT.max; i++) expect((await guess(`2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(404);
    expect((await guess('2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await guess('2001:db8:1:3::1')).statusCode).toBe(404);
  });

  it('login failures too (the login limit per client address)', async () => {
    const max = 4;
    const app = await buildApp({ ...t.config, loginAddressFailureMax: max }, { database: t.database, distDir: path.join(t.dataDir, 'no-dist') });
    try {
      const attempt = (remoteAddress: string) => app.inject({ method: 'POST', url: '/api/user/login', payload: { email: `v6.${Math.random()}@example.com`, password: 'wrong-password' }, remoteAddress });
      for (let i = 0; i < max; i++) expect((await attempt(`2001:db8:9:9::${(i + 1).toString(16)}`)).statusCode).toBe(401);
      expect((await attempt('2001:db8:9:9:abcd::1')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
