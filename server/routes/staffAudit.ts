import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from '../lib/validate';
import { AUDIT_ENTITIES, type AuditEntry } from '../../src/domain/audit';

export interface StaffAuditResponse {
  success: true;
  entries: AuditEntry[];
}

const query = z.object({
  entity: z.enum(AUDIT_ENTITIES, { message: `must be one of ${AUDIT_ENTITIES.join(', ')}` }),
  id: z.string({ message: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
});

/** The audit log of one record (a product, bundle, discount code, order, staff account, or the settings: id "shop"). */
const staffAuditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/staff/audit', { preHandler: app.requireStaff }, async (request, reply): Promise<StaffAuditResponse> => {
    const q = parseOr400(query, request.query ?? {}, 'query');
    reply.header('Cache-Control', 'no-store');
    return { success: true, entries: await app.audit.list(q.entity, q.entity === 'discount' ? q.id.toUpperCase() : q.id) };
  });
};
export default staffAuditRoutes;
