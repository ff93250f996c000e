import { readFileSync } from 'node:fs';
import { own } from '../../src/domain/lookup';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { checkCard, type CardForm } from '../payments/cards';
import { renderClosedPage, renderPayPage } from '../payments/payPage';
import { fillSessionId } from '../payments/provider';
import { TEST_SESSION_ID_RE } from '../payments/testProvider';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The shop's brand fonts (scripts/subset-fonts.sh), from the repository two folders up (server/routes or dist-server/routes). */
const BRAND_FONTS = path.join(HERE, '..', '..', 'src', 'app', 'fonts');

/**
 * The page's stylesheet and the shop's own cut of its two fonts, read once (served locally:
 * ARCHITECTURE.md): each family's core letters, and the rest of Latin-1 that pay.css's
 * unicode-range asks for only when the page has such a letter.
 */
function assets() {
  const font = (file: string) => ({ type: 'font/woff2', body: readFileSync(path.join(BRAND_FONTS, file)) });
  return {
    'pay.css': { type: 'text/css; charset=utf-8', body: readFileSync(path.join(HERE, '..', 'payments', 'pay.css')) },
    'fonts/nunito.woff2': font('nunito-wght-400-700-core.woff2'),
    'fonts/nunito-extra.woff2': font('nunito-wght-400-700-extra.woff2'),
    'fonts/fredoka.woff2': font('fredoka-wght-600-core.woff2'),
    'fonts/fredoka-extra.woff2': font('fredoka-wght-600-extra.woff2'),
  } as Record<string, { type: string; body: Buffer }>;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(body);
}

/**
 * The built-in hosted card page, used when STRIPE_SECRET_KEY is not set: GET shows the
 * order and a card form; POST checks the card and — for 4242 4242 4242 4242 — marks the session
 * paid and confirms the order on the server before redirecting to /verify. Server-rendered HTML
 * without scripts; the session id in the url is the only credential, as with Stripe's pages.
 */
const payRoutes: FastifyPluginAsync = async (app) => {
  const files = assets();
  app.get<{ Params: { '*': string } }>('/pay/assets/*', async (request, reply) => {
    const file = own(files, request.params['*']);
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type(file.type).header('Cache-Control', 'public, max-age=86400').send(file.body);
  });

  const shopName = app.config.shopName;
  const closed = (reply: FastifyReply, status: number, title: string, message: string) =>
    html(reply, status, renderClosedPage({ shopName, title, message, backUrl: '/cart', backLabel: `Back to ${shopName}` }));

  /** The session and its order when the page may be shown; otherwise answers the reply itself. */
  async function load(id: string, reply: FastifyReply) {
    if (app.paymentProvider.kind !== 'test' || !TEST_SESSION_ID_RE.test(id)) {
      closed(reply, 404, 'Checkout not found', 'This payment link is not valid. Please start again from your cart.');
      return null;
    }
    const session = await app.orders.findSession(id);
    const order = session ? await app.orders.findById(session.orderId) : undefined;
    if (!session || !order) {
      closed(reply, 404, 'Checkout not found', 'This payment link is not valid. Please start again from your cart.');
      return null;
    }
    // Paid — also when the two reads straddle a concurrent payment's commit (session read still
    // open, order read already paid by this session): a second press of Pay is not an error.
    if (session.status === 'paid' || (order.paidAt && order.paymentSessionId === session.id)) {
      reply.redirect(fillSessionId(app.checkout.returnUrl(true), id), 303);
      return null;
    }
    if (session.status !== 'open' || session.expiresAt.getTime() <= Date.now() || order.status !== 'Payment Pending') {
      closed(reply, 410, 'This checkout has ended', 'This payment session was cancelled or has expired, and nothing was charged. Your cart is still there if you want to try again.');
      return null;
    }
    return { session, order, cancelUrl: fillSessionId(app.checkout.returnUrl(false), id) };
  }

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const found = await load(request.params.id, reply);
    if (!found) return reply;
    return html(reply, 200, renderPayPage({ shopName, sessionId: found.session.id, order: found.order, cancelUrl: found.cancelUrl }));
  });

  // The form posts urlencoded fields; this scope parses them (and only them) without a dependency.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    // The shopper gives up on this page: the session is closed and the order cancelled here, before
    // the cart is shown, so the checkout is already abandoned (and this page unpayable) on arrival.
    scope.post<{ Params: { id: string } }>('/pay/:id/cancel', { config: { rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request, reply) => {
      const found = await load(request.params.id, reply);
      if (!found) return reply;
      await app.orderWorkflow.cancelUnpaid(found.session.id, 'cancelled');
      // Paid meanwhile (a Pay pressed in another tab won the race): that payment stands.
      if ((await app.orders.findSession(found.session.id))?.status === 'paid') return reply.redirect(fillSessionId(app.checkout.returnUrl(true), found.session.id), 303);
      return reply.redirect(found.cancelUrl, 303);
    });

    scope.post<{ Params: { id: string }; Body: Partial<Record<keyof CardForm, unknown>> }>(
      '/pay/:id',
      { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
      async (request, reply) => {
        const found = await load(request.params.id, reply);
        if (!found) return reply;
        const b = request.body ?? {};
        const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 120) : '');
        const form: CardForm = { name: str(b.name), number: str(b.number), expiry: str(b.expiry), cvc: str(b.cvc) };
        const values = { name: form.name, number: form.number, expiry: form.expiry };
        const page = (status: number, extra: { errors?: Record<string, string>; alert?: string }) =>
          html(reply, status, renderPayPage({ shopName, sessionId: found.session.id, order: found.order, cancelUrl: found.cancelUrl, values, ...extra }));

        const outcome = checkCard(form, new Date());
        // 200 with the messages: a browser page, not an API (the form is shown again, as hosted checkouts do).
        if (outcome.kind === 'invalid') return page(200, { errors: outcome.errors });
        if (outcome.kind === 'declined') {
          // The order, never the session id: the id is what opens this page.
          request.log.info({ orderId: found.order.id }, 'test card declined');
          return page(200, { alert: outcome.message });
        }
        const state = await app.orderWorkflow.payTestSession(found.session.id);
        if (state !== 'paid') {
          return closed(reply, 410, 'This checkout has ended', 'This payment session was cancelled or has expired, and nothing was charged.');
        }
        return reply.redirect(fillSessionId(app.checkout.returnUrl(true), found.session.id), 303);
      },
    );
  });
};
export default payRoutes;
