/**
 * No log line carries a capability: a payment session id opens its
 * payment page (the shopper's name and address, pay or cancel), a session token is a login, a reset
 * token sets a password. And no handler sends twice ("Reply was already sent", logged as an error
 * while the client got the first answer). The whole server run is held to the same rules by the
 * globalSetup's check of its log file (tests/setup/serverLog.ts); this file drives the paths that
 * logged them and checks each one's log directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logProblems } from '../../setup/serverLog';
import { insertTestCatalog, makeShopper, openSession, orderBody, payForm, postJson, TP } from '../checkout-helpers';
import { buildTestApp, type TestApp } from '../helpers';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { logLevel: 'info' }, deps: { logStream: { write: (line: string) => void lines.push(line) } } });
  await insertTestCatalog(t.app);
});
afterAll(() => t?.close());

const logSince = (mark: number) => lines.slice(mark).join('');

describe('the scanner', () => {
  it('finds each kind of secret and a second send (it can fail)', () => {
    const found = logProblems(
      [
        '{"msg":"test card declined","sessionId":"cs_ll_0123456789abcdef0123456789abcdef"}',
        '{"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlc2lnbmF0dXJl"}',
        '{"url":"/reset-password/Zk9mQ2xHb3JwVGVzdFRva2VuVGhhdE11c3ROb3RMZWFr"}',
        '{"resetToken":"abc"}',
        '{"msg":"Reply was already sent, did you forget to \\"return reply\\""}',
        '{"url":"/reset-password/[redacted]","sessionId":"[redacted]"}',
      ].join('\n'),
    );
    expect(found.map((p) => p.split(':')[0])).toEqual([
      'a payment session id (it opens the payment page)',
      'a secret field',
      'a session token (JWT)',
      'a secret field',
      'a password-reset token in a URL',
      'a secret field',
      'a reply sent twice',
    ]);
  });
});

describe('payment paths', () => {
  it('a declined test card logs the order, never the payment session id', async () => {
    const a = await makeShopper(t.app);
    const s = await openSession(t.app, a.token, [{ productId: TP.plain, color: '|', quantity: 1 }], 30);
    const mark = lines.length;
    const res = await payForm(t.app, s.sessionId, { number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(200);
    const log = logSince(mark);
    expect(log).toContain('"msg":"test card declined"');
    expect(log).toContain(s.orderId);
    expect(log).not.toContain(s.sessionId);
    expect(logProblems(log)).toEqual([]);
  });

  it('"Prices changed" answers 409 once: nothing logged as a second send or a 500', async () => {
    const a = await makeShopper(t.app);
    const mark = lines.length;
    const res = await postJson(t.app, '/api/order/stripe', orderBody([{ productId: TP.plain, color: '|', quantity: 1 }], 1), a.token);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, amount: 30 });
    // The reply's own onSend hooks run after the handler returned: wait for the request's last log line.
    await t.app.inject('/healthz');
    const log = logSince(mark);
    expect(log).not.toContain('Reply was already sent');
    expect(log).not.toContain('"level":50');
    expect(logProblems(log)).toEqual([]);
  });
});

describe('the log redaction net', () => {
  it('replaces secret fields wherever a log call puts them, top level or one level down', () => {
    const mark = lines.length;
    t.app.log.info({ sessionId: 'cs_ll_0123456789abcdef0123456789abcdef', token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlc2lnbmF0dXJl', nested: { resetToken: 'abc', password: 'hunter22' } }, 'a careless line');
    const log = logSince(mark);
    expect(log).toContain('"sessionId":"[redacted]"');
    expect(log).toContain('"resetToken":"[redacted]"');
    expect(logProblems(log)).toEqual([]);
  });
});
