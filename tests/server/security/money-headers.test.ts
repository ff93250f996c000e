/**
 * Attack suite — money and headers, over real HTTP. Money: quantities of every wrong type and size,
 * limits bypassed by splitting lines, look-alike and wildcard discount codes, accessory indexes out
 * of range, paying twice, and re-verifying a paid order after staff cancelled it. Headers: the exact
 * CSP and the other security headers on every kind of response, CORS only for configured origins
 * (HTTP and the socket.io handshake).
 * Already covered elsewhere (not repeated): forged amount, negative/zero/fractional/huge order
 * quantities, expired/disabled/unknown codes, inactive bundles, vaulted/out-of-stock/not-yet
 * products, verification racing payment (checkout.test.ts); cart quantity 400s (cart.test.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { discounts } from '../../../server/db/schema';
import { insertTestCatalog, makeShopper, orderBody, orderRow, mailsAbout, TP } from '../checkout-helpers';
import { makeStaff } from '../chat-helpers';
import { testConfig } from '../helpers';
import { attack, call, expectNoLeaks, report, startTarget, type Target } from './attack-helpers';

let target: Target;
let base: string;
let shopper: { id: string; token: string; email: string };
let staff: { id: string; token: string; email: string };

beforeAll(async () => {
  target = await startTarget();
  base = target.base;
  await insertTestCatalog(target.t.app);
  await target.t.app.db.insert(discounts).values({ code: 'SAVE10', percentage: 10 }).onConflictDoNothing();
  await target.t.app.catalog.invalidate();
  shopper = await makeShopper(target.t.app, 'Payer');
  staff = await makeStaff(target.t.app);
});
afterAll(async () => {
  report('money-headers.test.ts');
  await target?.close();
});

const ordersOf = async () => (await target.t.app.orders.listForUser(shopper.id)).length;

describe('money', () => {
  it('refuses quantities of the wrong type or size, in the cart and at checkout, storing nothing', async () => {
    const before = await ordersOf();
    for (const quantity of ['2', '1e3', 1e308, -0.5, 0.5, 1.0000001, true, [1], { n: 1 }, null, 100, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER + 2]) {
      const cart = await call(base, 'POST', '/api/cart/add', { body: { itemId: TP.plain, color: '|', quantity }, token: shopper.token });
      const order = await call(base, 'POST', '/api/order/stripe', { body: orderBody([{ productId: TP.plain, color: '|', quantity: quantity as number }], 30), token: shopper.token });
      attack(cart.status === 400);
      attack(order.status === 400);
      expect(cart.status, `cart ${JSON.stringify(quantity)}`).toBe(400);
      expect(order.status, `order ${JSON.stringify(quantity)}`).toBe(400);
    }
    // The per-line cap cannot be dodged by splitting one product over several lines or variant spellings.
    const split = await call(base, 'POST', '/api/order/stripe', {
      body: orderBody([{ productId: TP.plain, color: '|', quantity: 60 }, { productId: TP.plain, color: 'null|null', quantity: 60 }], 2410),
      token: shopper.token,
    });
    attack(split.status === 400);
    expect(split.status).toBe(400);
    const tooMany = await call(base, 'POST', '/api/order/stripe', { body: orderBody(Array.from({ length: 51 }, () => ({ productId: TP.plain, color: '|', quantity: 1 })), 30), token: shopper.token });
    attack(tooMany.status === 400);
    expect(tooMany.status).toBe(400);
    expect((await target.t.app.lists.cart(shopper.id))).toEqual({});
    expect(await ordersOf()).toBe(before);
  });

  it('refuses look-alike, padded, wildcard and case-tricked discount codes; only the real one applies', async () => {
    const tricks = ['SAVE1O', 'SAVE10\u200b', '\u200bSAVE10', 'SAVЕ10' /* Cyrillic Е */, 'ＳＡＶＥ１０' /* full width */, 'SAVE%', 'SAVE_0', '*', '%', 'SAVE10;', 'SAVE10 OR 1=1', 'S\u0041VE10\u0301'];
    for (const code of tricks) {
      const v = await call(base, 'POST', '/api/discounts/validate', { body: { code }, headers: { 'x-forwarded-for': `10.1.0.${tricks.indexOf(code)}` } });
      const q = await call(base, 'POST', '/api/order/quote', { body: { items: [{ productId: TP.plain, color: '|', quantity: 1 }], discountCode: code }, token: shopper.token });
      // The same answer on every route that takes a code: an unknown code is 404 'Invalid code'.
      attack(v.status === 404 && q.status === 404);
      expect(v.status, code).toBe(404);
      expect(q.status, code).toBe(404);
      expect(q.json.message, code).toBe('Invalid code');
    }
    const ok = await call(base, 'POST', '/api/order/quote', { body: { items: [{ productId: TP.plain, color: '|', quantity: 1 }], discountCode: '  save10 ' }, token: shopper.token });
    expect(ok.json.quote).toMatchObject({ discountCode: 'SAVE10', discountPercent: 10, amount: 27 });
  });

  it('refuses accessory indexes out of range or oddly spelled, and an out-of-stock accessory', async () => {
    for (const color of ['accessory-2', 'accessory-99', 'accessory--1', 'accessory-1e0', 'accessory-0x0', 'accessory- 0', 'accessory-1']) {
      const cart = await call(base, 'POST', '/api/cart/add', { body: { itemId: TP.accessory, color, quantity: 1 }, token: shopper.token });
      const quote = await call(base, 'POST', '/api/order/quote', { body: { items: [{ productId: TP.accessory, color, quantity: 1 }] }, token: shopper.token });
      // The cart may hold an out-of-stock accessory (the shopper sees it flagged); checkout never sells it.
      const cartRefuses = color === 'accessory-1' || cart.status === 400;
      attack(cartRefuses && quote.status === 400);
      expect(cartRefuses, color).toBe(true);
      expect(quote.status, color).toBe(400);
    }
  });

  it('an order paid twice is charged and confirmed once; a paid order re-verified after staff cancelled it stays cancelled', async () => {
    const placed = await call(base, 'POST', '/api/order/stripe', { body: orderBody([{ productId: TP.plain, color: '|', quantity: 1 }], 30), token: shopper.token });
    const sessionId = placed.json.sessionId as string;
    const orderId = placed.json.orderId as string;
    const form = new URLSearchParams({ name: 'P', number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' }).toString();
    const pays = await Promise.all([1, 2, 3].map(() => call(base, 'POST', `/pay/${sessionId}`, { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })));
    expect(pays.map((p) => p.status)).toEqual([303, 303, 303]);
    expect(mailsAbout(target.t.dataDir, orderId).filter((m) => /confirm|placed|thank/i.test(m.subject))).toHaveLength(1);
    attack(true);

    const cancel = await call(base, 'POST', '/api/staff/order-status', { body: { orderId, status: 'Cancelled' }, token: staff.token });
    expect(cancel.status, cancel.text).toBe(200);
    const mailsBefore = mailsAbout(target.t.dataDir, orderId).length;
    for (const body of [{ success: true, sessionId }, { success: 'true', sessionId, orderData: { status: 'Order Placed' } }]) {
      const v = await call(base, 'POST', '/api/order/verifyStripe', { body, token: shopper.token });
      expect(v.status).toBe(200);
      attack((await orderRow(target.t.app, orderId)).status === 'Cancelled');
    }
    const pay = await call(base, 'POST', `/pay/${sessionId}`, { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(pay.status).toBeLessThan(500);
    const resume = await call(base, 'POST', '/api/order/resume-payment', { body: { orderId }, token: shopper.token });
    expect(resume.status).toBe(409);
    attack(true);
    expect((await orderRow(target.t.app, orderId)).status).toBe('Cancelled');
    expect(mailsAbout(target.t.dataDir, orderId)).toHaveLength(mailsBefore);
  });
});

describe('headers', () => {
  // connect-src names the page's own socket origin (the Host it was asked for), never any ws:/wss: host.
  const csp = (origin: string) =>
    `default-src 'self';base-uri 'self';object-src 'none';img-src 'self' data: blob:;style-src 'self' 'unsafe-inline';font-src 'self' data:;connect-src 'self' ${origin.replace(/^http/, 'ws')};script-src 'self';frame-ancestors 'none';form-action 'self'`;

  it('every kind of response carries the exact CSP, nosniff, a referrer policy and no framing (a build script or a raster picture: nosniff, no document policies)', async () => {
    const dist = path.join(target.t.dataDir, 'dist-headers');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const spa = await target.t.buildOn({ distDir: dist });
    await spa.listen({ port: 0, host: '127.0.0.1' });
    const spaBase = `http://127.0.0.1:${(spa.server.address() as net.AddressInfo).port}`;
    try {
      const placed = await call(base, 'POST', '/api/order/stripe', { body: orderBody([{ productId: TP.plain, color: '|', quantity: 1 }], 30), token: shopper.token });
      const responses = await Promise.all([
        call(spaBase, 'GET', '/'),
        call(spaBase, 'GET', '/collection'),
        call(spaBase, 'GET', '/assets/app-1.js'),
        call(spaBase, 'GET', '/assets/missing.js'),
        call(base, 'GET', '/api/product/list'),
        call(base, 'GET', '/api/product/list', { headers: { 'if-none-match': '*' } }),
        call(base, 'GET', '/api/nope'),
        call(base, 'POST', '/api/cart/get'),
        call(base, 'POST', '/api/cart/add', { raw: '{', headers: { 'content-type': 'application/json' } }),
        call(base, 'GET', '/img/placeholder.svg'),
        call(base, 'GET', `/pay/${placed.json.sessionId as string}`),
        call(base, 'GET', '/pay/assets/pay.css'),
        call(base, 'GET', '/healthz'),
        call(base, 'GET', '/img/p/abc-240.webp?k=figure&c=e63946'),
      ]);
      for (const [i, r] of responses.entries()) {
        if (i === 2 || i === 13) {
          // A build script or a raster picture is never a document: nosniff and the resource policy only (lib/assetHeaders.ts).
          expect(r.status).toBe(200);
          expect(r.headers.get('content-type')).toMatch(i === 2 ? /javascript/ : /^image\/webp$/);
          expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin');
          expect(r.headers.get('x-content-type-options')).toBe('nosniff');
          expect(r.headers.get('content-security-policy')).toBeNull();
          expect(r.headers.get('x-powered-by')).toBeNull();
          continue;
        }
        expect(r.headers.get('content-security-policy')).toBe(csp(i < 4 ? spaBase : base));
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('referrer-policy')).toMatch(/^(no-referrer|strict-origin-when-cross-origin|same-origin)$/);
        expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(r.headers.get('x-powered-by')).toBeNull();
        expect(r.headers.get('access-control-allow-origin')).toBeNull();
        attack(true);
      }
      // The CSP allows no inline script: the SPA shell and the pay page carry none.
      expect(responses[0]!.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
      expect(responses[10]!.text).not.toMatch(/<script/i);
    } finally {
      await spa.close();
    }
  });

  it('CORS: no origin is allowed by default; with CORS_ORIGINS only the listed ones, on HTTP and on the socket handshake', async () => {
    const evil = 'https://evil.example';
    const preflight = (b: string, origin: string) =>
      fetch(`${b}/api/cart/get`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'token,content-type' } });
    const socketPoll = (b: string, origin: string) => fetch(`${b}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });

    for (const r of [await preflight(base, evil), await socketPoll(base, evil)]) {
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      attack(true);
    }
    const allowed = 'https://shop.example';
    const app = await buildApp(testConfig(target.t.dataDir, { databaseUrl: target.t.config.databaseUrl, corsOrigins: [allowed] }), {
      database: target.t.database,
      distDir: path.join(target.t.dataDir, 'no-dist'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const b = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    try {
      const ok = await preflight(b, allowed);
      expect(ok.headers.get('access-control-allow-origin')).toBe(allowed);
      const okSocket = await socketPoll(b, allowed);
      expect(okSocket.headers.get('access-control-allow-origin')).toBe(allowed);
      for (const r of [await preflight(b, evil), await socketPoll(b, evil), await preflight(b, 'https://shop.example.evil.com'), await preflight(b, 'null')]) {
        expect(r.headers.get('access-control-allow-origin')).toBeNull();
        attack(true);
      }
    } finally {
      await app.close();
    }
  });

  it('never answers with a stack, a path or SQL (every answer of this file)', () => {
    expectNoLeaks();
  });
});
