import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('operations', () => {
  it('GET /healthz says the process is alive', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 when the database answers and migrations are applied', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready', database: t.database.kind });
  });

  it('every response carries a request id and security headers', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123', host: 'shop.test:4000' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Its own origin only, the chat socket's named: never any ws:/wss: host.
    expect(csp).toContain("connect-src 'self' ws://shop.test:4000;");
    const odd = await t.app.inject({ url: '/healthz', headers: { host: 'evil.test; script-src *' } });
    expect(String(odd.headers['content-security-policy'])).toContain("connect-src 'self' 'self';");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('errors are { success: false, message } JSON', () => {
  it('an unknown /api route answers 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/nothing/here'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('a malformed JSON body answers 400 with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/list',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Malformed JSON body' });
  });

  it('a body over 1 MB answers 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Request body is too large' });
  });

  it('never leaks a stack or SQL: a thrown error becomes a 500 with a generic message', async () => {
    const app = await t.buildOn({
      plugins: [
        async (a) => {
          a.get('/api/__boom', async () => {
            throw new Error('relation "secret_table" does not exist at /srv/app.ts:1');
          });
        },
      ],
    });
    try {
      const res = await app.inject('/api/__boom');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: 'Internal server error' });
      expect(res.body).not.toContain('secret_table');
    } finally {
      await app.close();
    }
  });
});

describe('the SPA', () => {
  it('without dist/ other GET paths answer 503 telling to run the build', async () => {
    const res = await t.app.inject('/collection');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('npm run build');
  });

  it('with dist/ client routes get index.html and hashed assets a long cache', async () => {
    const dist = path.join(t.dataDir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const app = await t.buildOn({ distDir: dist });
    try {
      for (const url of ['/', '/collection', '/product/0123456789abcdef01234567', '/reset-password/tok']) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      // A script is no document: the page's policies stay off it (some eighty per page on a phone's line).
      expect(asset.headers['content-security-policy']).toBeUndefined();
      expect(asset.headers['x-frame-options']).toBeUndefined();
      expect(asset.headers['x-request-id']).toBeUndefined();
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      const page = await app.inject('/collection');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-request-id']).toBeTruthy();
      expect((await app.inject('/assets/missing-zzz.js')).statusCode).toBe(404);
      const api = await app.inject('/api/unknown');
      expect(api.json()).toEqual({ success: false, message: 'Not found' });
    } finally {
      await app.close();
    }
  });
});

describe('app plugins are ordered by their declared dependencies, never by file name', () => {
  it('starts with the plugins given in reversed and shuffled orders, every decorator in place', async () => {
    const { APP_PLUGINS_DIR, loadFolder } = await import('../../server/app');
    const plugins = await loadFolder(APP_PLUGINS_DIR);
    // Reversed puts every plugin before the ones alphabetically earlier (realtime before orders and chat…).
    const orders = [[...plugins].reverse(), seededShuffle(plugins, 7), seededShuffle(plugins, 42)];
    for (const appPlugins of orders) {
      const app = await t.buildOn({ appPlugins });
      try {
        await app.ready();
        for (const name of ['catalog', 'conversations', 'lists', 'mailer', 'orders', 'paymentProvider', 'orderWorkflow', 'checkout', 'audit', 'staffOrders', 'staffCatalog', 'staffAccounts', 'images', 'realtime', 'settings', 'users', 'limitDiscountCodes'] as const) expect(app[name], name).toBeDefined();
        expect((await app.inject('/readyz')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
  });

  it('a missing or circular dependency stops the start with a message naming it', async () => {
    const { appPlugin } = await import('../../server/lib/appPlugin');
    const noop = async () => {};
    const lonely = { source: 'lonely.ts', plugin: appPlugin('lonely', noop, { dependencies: ['nowhere'] }) };
    await expect(t.buildOn({ appPlugins: [lonely] })).rejects.toThrow("plugin 'lonely' (lonely.ts) depends on 'nowhere', which no plugin provides");
    const a = { source: 'a.ts', plugin: appPlugin('a', async () => {}, { dependencies: ['b'] }) };
    const b = { source: 'b.ts', plugin: appPlugin('b', async () => {}, { dependencies: ['a'] }) };
    await expect(t.buildOn({ appPlugins: [a, b] })).rejects.toThrow('plugins depend on each other in a circle: a → b → a');
  });
});

function seededShuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
