import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { cartKey, cartLineKey, parseVariant, variantKey, variantProblem } from '../../src/domain/cartKey';
import type { CartData } from '../../src/domain/types';
import { HttpError } from '../lib/errors';
import { hexId, lineQuantity, variantField } from '../lib/lineFields';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';

export const CART_MESSAGES = {
  added: 'Added to cart',
  updated: 'Cart updated',
  bundle: "Bundle lines are kept in the browser's cart and are never stored on the server",
  unknownProduct: 'Product not found',
  badVariant: "Invalid variant: use 'color|size' (an empty part or the word null when the product has none) or 'accessory-<index>'",
  badKey: 'Invalid Idempotency-Key header: 1 to 200 visible ASCII characters',
  keyReused: 'This Idempotency-Key was already used for a different request',
} as const;

const quantity = lineQuantity(0);

const lineBody = z.object({
  itemId: hexId('a product'),
  color: variantField,
  quantity,
});

const addBody = lineBody.extend({ quantity: quantity.default(1) });

const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,200}$/;

function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return null;
  if (!IDEMPOTENCY_KEY_RE.test(value)) throw new HttpError(400, CART_MESSAGES.badKey);
  return value;
}

/**
 * The cart key of a line the product really offers, or a 400 that says why not. The word 'null'
 * in a part means empty; the key is stored in that normal form ('Red|', never 'Red|null').
 */
async function validLineKey(app: FastifyInstance, itemId: string, variantText: string): Promise<string> {
  const variant = parseVariant(variantText.trim());
  if (!variant) throw new HttpError(400, CART_MESSAGES.badVariant);
  if (variant.kind === 'bundle') throw new HttpError(400, CART_MESSAGES.bundle);
  const product = await app.catalog.getProduct(itemId);
  if (!product) throw new HttpError(400, CART_MESSAGES.unknownProduct);
  const problem = variantProblem(product, variant);
  if (problem) throw new HttpError(400, problem);
  return cartKey(itemId, variantKey(variant));
}

interface CartResponse {
  success: true;
  cartData: CartData;
  message?: string;
}

/**
 * SPEC §7 cart calls. Every route needs the `token` header and touches only the caller's rows.
 * `add` increments (and honours Idempotency-Key), `update` sets an absolute quantity (0 removes).
 */
const cartRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post('/api/cart/get', { preHandler: app.requireUser }, async (request): Promise<CartResponse> => {
    return { success: true, cartData: await app.lists.cart(currentUser(request).id) };
  });

  app.post('/api/cart/add', { preHandler: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const key = idempotencyKey(request);
    const body = parseOr400(addBody, request.body ?? {}, 'cart line');
    const line = await validLineKey(app, body.itemId, body.color);
    if (!key) {
      await app.lists.addToLine(user.id, line, body.quantity);
      return { success: true, message: CART_MESSAGES.added, cartData: await app.lists.cart(user.id) };
    }
    const result = await app.lists.once(user.id, key, `add:${line}:${body.quantity}`, async (tx) => {
      await app.lists.addToLine(user.id, line, body.quantity, tx);
      return { success: true, message: CART_MESSAGES.added };
    });
    if ('conflict' in result) throw new HttpError(400, CART_MESSAGES.keyReused);
    // A replay answers the cart as it is now; the change itself was applied only once.
    return { ...(result.body as object), cartData: await app.lists.cart(user.id) };
  });

  app.post('/api/cart/update', { preHandler: app.requireUser }, async (request): Promise<CartResponse> => {
    const user = currentUser(request);
    const body = parseOr400(lineBody, request.body ?? {}, 'cart line');
    let line: string;
    try {
      line = await validLineKey(app, body.itemId, body.color);
    } catch (err) {
      // Removing a line stays possible after its product left the catalog (or lost that variant).
      const stale = cartLineKey(body.itemId, body.color);
      if (body.quantity === 0 && (await app.lists.hasLine(user.id, stale))) line = stale;
      else throw err;
    }
    await app.lists.setLine(user.id, line, body.quantity);
    return { success: true, message: CART_MESSAGES.updated, cartData: await app.lists.cart(user.id) };
  });
};
export default cartRoutes;
