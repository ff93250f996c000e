import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Bundle } from '../../src/domain/types';
import { parseVariant, variantProblem } from '../../src/domain/cartKey';
import { bundleRecordSchema, bundleRow } from '../db/catalogImport';
import { FieldsError, parseFields } from '../lib/fieldErrors';
import { HttpError } from '../lib/errors';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';
import type { AuditEntry } from '../../src/domain/audit';
import { bundleToWire, PRODUCT_ID_RE } from '../repositories/catalogMapping';
import { DuplicateError } from '../repositories/staffCatalog';

export interface StaffBundlesResponse {
  success: true;
  bundles: Bundle[];
}
export interface StaffBundleResponse {
  success: true;
  bundle: Bundle;
}
export interface StaffBundleDetailResponse extends StaffBundleResponse {
  audit: AuditEntry[];
}

export const BUNDLE_MESSAGES = {
  notFound: 'Bundle not found',
  idMismatch: 'The body names another bundle id than the address',
  unknownProduct: (id: string) => `unknown product id ${id}`,
} as const;

const idParams = z.object({ id: z.string().max(64, 'must be 24 hexadecimal characters').trim().toLowerCase().pipe(z.string().regex(PRODUCT_ID_RE, 'must be a bundle id (24 hexadecimal characters)')) });

/** Bundles for staff: the import's validation, plus product ids checked against the database. */
const staffBundleRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  const validBundle = async (body: unknown) => {
    const record = parseFields(bundleRecordSchema, body ?? {}, 'bundle');
    const unknown = await app.staffCatalog.unknownProducts(record.products);
    if (unknown.length) {
      const fields = Object.fromEntries(record.products.map((p, i) => [`products[${i}]`, p] as const).filter(([, p]) => unknown.includes(p)).map(([k, p]) => [k, BUNDLE_MESSAGES.unknownProduct(p)]));
      throw new FieldsError(`Invalid bundle: ${Object.entries(fields).map(([k, m]) => `${k}: ${m}`).join('; ')}`, fields);
    }
    // The option the bundle holds of a product must be one the product offers (a colour and size, no accessory).
    const optionFields: Record<string, string> = {};
    for (const [pid, variant] of Object.entries(record.productOptions ?? {})) {
      const row = await app.staffCatalog.findProduct(pid);
      const parsed = parseVariant(variant);
      const why = !row ? BUNDLE_MESSAGES.unknownProduct(pid) : !parsed || parsed.kind !== 'product' ? 'Choose a colour and size of this product' : variantProblem(row, parsed);
      if (why) optionFields[`productOptions.${pid}`] = why;
    }
    if (Object.keys(optionFields).length) {
      throw new FieldsError(`Invalid bundle: ${Object.entries(optionFields).map(([k, m]) => `${k}: ${m}`).join('; ')}`, optionFields);
    }
    return record;
  };

  app.get('/api/staff/bundles', staff, async (): Promise<StaffBundlesResponse> => ({ success: true, bundles: await app.staffCatalog.listBundles() }));

  app.get('/api/staff/bundles/:id', staff, async (request): Promise<StaffBundleDetailResponse> => {
    const { id } = parseOr400(idParams, request.params, 'bundle');
    const row = await app.staffCatalog.findBundle(id);
    if (!row) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
    return { success: true, bundle: bundleToWire(row), audit: await app.audit.list('bundle', id) };
  });

  app.post('/api/staff/bundles', staff, async (request, reply): Promise<StaffBundleResponse> => {
    const record = await validBundle(request.body);
    try {
      const bundle = await app.staffCatalog.createBundle(bundleRow(record, record._id ?? randomBytes(12).toString('hex')), currentUser(request));
      app.catalog.invalidateLocal();
      reply.code(201);
      return { success: true, bundle };
    } catch (err) {
      if (err instanceof DuplicateError) throw new HttpError(409, err.message);
      throw err;
    }
  });

  app.put('/api/staff/bundles/:id', staff, async (request): Promise<StaffBundleResponse> => {
    const { id } = parseOr400(idParams, request.params, 'bundle');
    const record = await validBundle(request.body);
    if (record._id !== undefined && record._id !== id) throw new HttpError(400, BUNDLE_MESSAGES.idMismatch);
    const bundle = await app.staffCatalog.updateBundle(id, bundleRow(record, id), currentUser(request));
    if (!bundle) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
    app.catalog.invalidateLocal();
    return { success: true, bundle };
  });

  /** Cancels a bundle: shoppers stop seeing and buying it at once. */
  app.post('/api/staff/bundles/:id/cancel', staff, async (request): Promise<StaffBundleResponse> => {
    const { id } = parseOr400(idParams, request.params, 'bundle');
    const bundle = await app.staffCatalog.updateBundle(id, { cancelled: true }, currentUser(request), 'cancel');
    if (!bundle) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
    app.catalog.invalidateLocal();
    return { success: true, bundle };
  });
};
export default staffBundleRoutes;
