import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe endpoints the provider calls (coupons, Checkout Sessions:
 * create, retrieve, expire; refunds). The real SDK is pointed at it with host/port/protocol, so the
 * requests it records are exactly what would go to api.stripe.com.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  params: Record<string, string>;
}

export interface StubSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: 'usd';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
}

export interface StripeStub {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StubSession>;
  /** Refunds created (POST /v1/refunds), by id. */
  refunds: Map<string, { id: string; object: 'refund'; amount: number; payment_intent: string; status: 'succeeded'; metadata: Record<string, string> }>;
  /** Makes the next session creations compute a total one cent off (a provider we must not trust). */
  tamper: boolean;
  /** Answers every call with a 400 card_error-like failure. */
  fail: boolean;
  complete(id: string): StubSession;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Math.random().toString(36).slice(2)}` });
  res.end(JSON.stringify(body));
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StubSession>();
  const refunds: StripeStub['refunds'] = new Map();
  const coupons = new Map<string, { id: string; amount_off: number }>();
  /** Idempotency: the same key answers the same object (as Stripe does), for the same parameters only. */
  const byKey = new Map<string, unknown>();
  const paramsByKey = new Map<string, string>();
  let n = 0;
  const stub = { tamper: false, fail: false } as StripeStub;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, params });
      if (stub.fail) return send(res, 400, { error: { type: 'invalid_request_error', message: 'Stub says no' } });
      if (req.headers.authorization !== 'Bearer sk_test_fake') return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const key = req.headers['idempotency-key'];
      const idem = typeof key === 'string' && req.method === 'POST' ? `${url.pathname}:${key}` : null;
      if (idem && paramsByKey.has(idem) && paramsByKey.get(idem) !== raw) {
        return send(res, 400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' } });
      }
      if (idem) paramsByKey.set(idem, raw);
      if (idem && byKey.has(idem)) return send(res, 200, byKey.get(idem));

      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const coupon = { id: `co_stub_${++n}`, object: 'coupon', amount_off: Number(params.amount_off), currency: params.currency, duration: params.duration };
        coupons.set(coupon.id, coupon);
        if (idem) byKey.set(idem, coupon);
        return send(res, 200, coupon);
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        let total = 0;
        for (let i = 0; params[`line_items[${i}][quantity]`] !== undefined; i++) {
          total += Number(params[`line_items[${i}][price_data][unit_amount]`]) * Number(params[`line_items[${i}][quantity]`]);
        }
        const coupon = params['discounts[0][coupon]'];
        if (coupon) total -= coupons.get(coupon)?.amount_off ?? 0;
        if (stub.tamper) total += 1;
        const id = `cs_test_stub${++n}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const session: StubSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: total,
          currency: 'usd',
          client_reference_id: params.client_reference_id ?? null,
          metadata,
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
          success_url: params.success_url!,
          cancel_url: params.cancel_url!,
          payment_intent: null,
        };
        sessions.set(id, session);
        if (idem) byKey.set(idem, session);
        return send(res, 200, session);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const paid = [...sessions.values()].find((x) => x.payment_intent === params.payment_intent && x.payment_status === 'paid');
        if (!paid) return send(res, 400, { error: { type: 'invalid_request_error', message: `No such payment_intent: '${params.payment_intent}'` } });
        const already = [...refunds.values()].reduce((sum, r) => (r.payment_intent === paid.payment_intent ? sum + r.amount : sum), 0);
        const amount = params.amount !== undefined ? Number(params.amount) : paid.amount_total;
        if (already + amount > paid.amount_total) return send(res, 400, { error: { type: 'invalid_request_error', message: 'Refund amount is greater than unrefunded amount on charge' } });
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) {
          const mm = /^metadata\[(.+)\]$/.exec(k);
          if (mm) metadata[mm[1]!] = v;
        }
        const refund = { id: `re_stub_${++n}`, object: 'refund' as const, amount, payment_intent: paid.payment_intent!, status: 'succeeded' as const, metadata };
        refunds.set(refund.id, refund);
        if (idem) byKey.set(idem, refund);
        return send(res, 200, refund);
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      const session = m ? sessions.get(decodeURIComponent(m[1]!)) : undefined;
      if (m && !session) return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (session && req.method === 'GET' && !m![2]) return send(res, 200, session);
      if (session && req.method === 'POST' && m![2]) {
        if (session.status !== 'open') return send(res, 400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' } });
        session.status = 'expired';
        session.url = null;
        return send(res, 200, session);
      }
      return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    complete(id: string) {
      const s = sessions.get(id)!;
      s.status = 'complete';
      s.payment_status = 'paid';
      s.payment_intent = `pi_stub_${++n}`;
      s.url = null;
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
