import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PAYMENTS_MESSAGES } from '../../../server/config';
import { SettingsRepository } from '../../../server/repositories/settings';
import { buildTestApp, type TestApp } from '../helpers';

/**
 * The payment mode is explicit. PAYMENTS=stripe|test; test payments are the
 * default only outside production; a production store with neither a Stripe key nor PAYMENTS=test
 * refuses to start; and whenever test payments are on, GET /api/settings says so (every page then
 * shows the test-mode ribbon, src/app/layout/TestModeRibbon.tsx).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-mode-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const KEY = 'sk_live_layerloft_example_key';
const mode = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env }).payments;

describe('PAYMENTS', () => {
  it('defaults to test payments outside production and to Stripe when a key is set', () => {
    expect(mode({ NODE_ENV: 'development' })).toBe('test');
    expect(mode({})).toBe('test');
    expect(mode({ NODE_ENV: 'production', STRIPE_SECRET_KEY: KEY })).toBe('stripe');
    expect(mode({ NODE_ENV: 'development', STRIPE_SECRET_KEY: KEY })).toBe('stripe');
  });

  it('follows PAYMENTS when set', () => {
    expect(mode({ NODE_ENV: 'production', PAYMENTS: 'test' })).toBe('test');
    expect(mode({ NODE_ENV: 'production', PAYMENTS: 'test', STRIPE_SECRET_KEY: KEY })).toBe('test');
    expect(mode({ NODE_ENV: 'production', PAYMENTS: 'stripe', STRIPE_SECRET_KEY: KEY })).toBe('stripe');
  });

  it('refuses production without a Stripe key and without PAYMENTS=test, and PAYMENTS=stripe without a key', () => {
    expect(() => mode({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => mode({ NODE_ENV: 'production' })).toThrow(PAYMENTS_MESSAGES.unconfigured);
    expect(() => mode({ NODE_ENV: 'development', PAYMENTS: 'stripe' })).toThrow(PAYMENTS_MESSAGES.noKey);
    expect(() => mode({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS.*must be stripe or test/);
  });

  let child: ChildProcess | undefined;
  // A server that started after all must not outlive the test.
  afterAll(() => void child?.kill('SIGKILL'));

  it('the server does not start in production unconfigured, and says why', async () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    for (const k of ['PAYMENTS', 'STRIPE_SECRET_KEY', 'DATABASE_URL', 'REDIS_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) delete env[k];
    const server = spawnProcess(process.execPath, ['--import', 'tsx', '--import', './tests/server/faults/die-with-parent.mjs', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = server;
    let output = '';
    server.stdout!.on('data', (c) => (output += c));
    server.stderr!.on('data', (c) => (output += c));
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain(PAYMENTS_MESSAGES.unconfigured);
  });
});

describe('GET /api/settings tells the client about test payments', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('testPayments is true on the built-in card page and false with Stripe', async () => {
    t = await buildTestApp();
    expect((await t.app.inject('/api/settings')).json().settings.testPayments).toBe(true);
    // The same settings row read by a store that takes Stripe payments.
    const stripe = new SettingsRepository(t.app.db, { ...t.config, payments: 'stripe' });
    expect((await stripe.get()).testPayments).toBe(false);
  });
});
