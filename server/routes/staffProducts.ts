import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { StaffOptionStock } from '../../src/domain/stock';
import type { Product } from '../../src/domain/types';
import { productRecordSchema, productRow, productStock } from '../db/catalogImport';
import { HttpError } from '../lib/errors';
import { parseFields } from '../lib/fieldErrors';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import type { AuditEntry } from '../../src/domain/audit';
import { PRODUCT_ID_RE, productToWire } from '../repositories/catalogMapping';
import { DuplicateError, PRODUCT_FLAGS, ProductInUseError } from '../repositories/staffCatalog';

export interface StaffProductsResponse {
  success: true;
  products: Product[];
}
export interface StaffProductResponse {
  success: true;
  product: Product;
}
export interface StaffProductDetailResponse extends StaffProductResponse {
  /** Every staff change to the product, newest first. */
  audit: AuditEntry[];
  /** Stock per option (the editor's stock table; `reserved` = units held by open payments). */
  stock: StaffOptionStock[];
}
export interface StaffProductDeletedResponse {
  success: true;
  deleted: string;
  /** Shoppers' cart lines and wishlist entries of the product that were dropped with it. */
  droppedCartLines: number;
  droppedWishlistItems: number;
}

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  idMismatch: 'The body names another product id than the address',
  inUse: (bundleTitles: string[], unpaidOrders: number) =>
    `This product cannot be deleted while ${[
      bundleTitles.length ? `the active bundle${bundleTitles.length > 1 ? 's' : ''} ${bundleTitles.map((t) => `"${t}"`).join(', ')} hold${bundleTitles.length > 1 ? '' : 's'} it` : '',
      unpaidOrders ? `${unpaidOrders} unpaid order${unpaidOrders > 1 ? 's' : ''} hold${unpaidOrders > 1 ? '' : 's'} it` : '',
    ]
      .filter(Boolean)
      .join(' and ')}. Hide it instead (notAvailableYet).`,
} as const;

const idParams = z.object({ id: z.string().max(64, 'must be 24 hexadecimal characters').trim().toLowerCase().pipe(z.string().regex(PRODUCT_ID_RE, 'must be a product id (24 hexadecimal characters)')) });
const listQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  category: z.string().trim().max(40, 'must be at most 40 characters').optional(),
  flag: z.enum(PRODUCT_FLAGS, { message: `must be one of ${PRODUCT_FLAGS.join(', ')}` }).optional(),
});
const hideBody = z.strictObject({ hidden: z.boolean({ message: 'must be true or false' }) });

/**
 * The editor sends the fields of the catalog file format (server/db/CATALOG_FORMAT.md), validated by
 * the import's own schema. A product read from the API may be sent back as it is: its derived
 * `hasAccessory` is ignored, and `_id` must match the address.
 */
function recordFrom(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  delete rest.hasAccessory;
  return rest;
}

/** Products for staff: list with hidden ones, create, edit, hide, delete; every change audited. */
const staffProductRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  /** The change is committed with the shared version bumped; this instance rebuilds at once. */
  const changed = () => app.catalog.invalidateLocal();

  app.get('/api/staff/products', staff, async (request): Promise<StaffProductsResponse> => {
    const q = parseOr400(listQuery, request.query ?? {}, 'query');
    return { success: true, products: await app.staffCatalog.listProducts(q) };
  });

  app.get('/api/staff/products/:id', staff, async (request): Promise<StaffProductDetailResponse> => {
    const { id } = parseOr400(idParams, request.params, 'product');
    const row = await app.staffCatalog.findProduct(id);
    if (!row) throw new HttpError(404, PRODUCT_MESSAGES.notFound);
    const stock = (await app.stockRepo.forProduct(id)).map((s) => ({
      option: s.variant,
      onHand: s.onHand,
      reserved: s.reserved,
      madeToOrder: s.madeToOrder,
      printMinutes: s.printMinutes,
      material: s.material,
    }));
    return { success: true, product: productToWire(row), audit: await app.audit.list('product', id), stock };
  });

  app.post('/api/staff/products', staff, async (request, reply): Promise<StaffProductResponse> => {
    const record = parseFields(productRecordSchema, recordFrom(request.body), 'product');
    const id = record._id ?? randomBytes(12).toString('hex');
    try {
      const row = productRow(record, id);
      const stock = productStock(row, record.stock);
      const product = await app.staffCatalog.createProduct(row, currentUser(request), (tx) => app.stock.setProductStock(tx, id, stock.offered, stock.given, stock.fallback));
      changed();
      reply.code(201);
      return { success: true, product };
    } catch (err) {
      if (err instanceof DuplicateError) throw new HttpError(409, err.message);
      throw err;
    }
  });

  app.put('/api/staff/products/:id', staff, async (request): Promise<StaffProductResponse> => {
    const { id } = parseOr400(idParams, request.params, 'product');
    const record = parseFields(productRecordSchema, recordFrom(request.body), 'product');
    if (record._id !== undefined && record._id !== id) throw new HttpError(400, PRODUCT_MESSAGES.idMismatch);
    const row = productRow(record, id);
    const stock = productStock(row, record.stock);
    const product = await app.staffCatalog.updateProduct(
      id,
      // Without a date the product keeps its own (the store sorts "newest" by it).
      (before) => ({ ...row, ...(record.date === undefined ? { createdAt: before.createdAt } : {}) }),
      currentUser(request),
      'update',
      // Stock per option in the same transaction: the product and its stock are saved together or not at all.
      (tx, before) => {
        // Ticking "out of stock" (without stock fields) stops selling: every option stocked only, none on
        // hand; unticking it makes them made to order again. Otherwise stock follows its own fields.
        const flagged = record.outOfStock === true;
        const given = record.stock === undefined && flagged !== before.outOfStock ? stock.offered.map((variant) => ({ ...stock.fallback(variant), madeToOrder: !flagged })) : stock.given;
        return app.stock.setProductStock(tx, id, stock.offered, given, stock.fallback);
      },
    );
    if (!product) throw new HttpError(404, PRODUCT_MESSAGES.notFound);
    changed();
    return { success: true, product };
  });

  /** Hides a product from the store (notAvailableYet) or shows it again. */
  app.post('/api/staff/products/:id/hide', staff, async (request): Promise<StaffProductResponse> => {
    const { id } = parseOr400(idParams, request.params, 'product');
    const { hidden } = parseFields(hideBody, request.body ?? {}, 'request');
    const product = await app.staffCatalog.updateProduct(id, () => ({ notAvailableYet: hidden }), currentUser(request), hidden ? 'hide' : 'show');
    if (!product) throw new HttpError(404, PRODUCT_MESSAGES.notFound);
    changed();
    return { success: true, product };
  });

  app.delete('/api/staff/products/:id', staff, async (request): Promise<StaffProductDeletedResponse> => {
    const { id } = parseOr400(idParams, request.params, 'product');
    try {
      const result = await app.staffCatalog.deleteProduct(id, currentUser(request));
      if (!result) throw new HttpError(404, PRODUCT_MESSAGES.notFound);
      changed();
      return { success: true, deleted: id, ...result };
    } catch (err) {
      if (err instanceof ProductInUseError) throw new HttpError(409, PRODUCT_MESSAGES.inUse(err.bundleTitles, err.unpaidOrders));
      throw err;
    }
  });
};
export default staffProductRoutes;
