import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { matchesEtag } from '../lib/cachedBody';
import { receiveImageUpload, UPLOAD_BODY_LIMIT, UPLOAD_MULTIPART_LIMITS, uploadedImage, type UploadedImage } from '../lib/imageUpload';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';

// The pipeline is shared with shoppers' review photos (server/lib/imageUpload.ts).
export { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, UPLOAD_WIDTHS, sniffImageType, uploadUrl, type UploadedImage } from '../lib/imageUpload';

export interface StaffUploadResponse {
  success: true;
  image: UploadedImage;
}

const fileParams = z.object({ file: z.string().max(40, { message: 'must be <id>-<width>.webp', abort: true }).regex(/^[0-9a-f]{24}-\d{1,5}\.webp$/, 'must be <id>-<width>.webp') });
const YEAR = 'public, max-age=31536000, immutable';

/**
 * Product pictures, and the one place uploaded pictures are served from. Multipart is
 * registered in this plugin only (and the review photos'): every other route keeps its JSON-only,
 * 1 MB rule. The upload pipeline (bytes checked, re-encoded, stored once per file) is
 * server/lib/imageUpload.ts.
 */
const staffUploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: UPLOAD_MULTIPART_LIMITS });

  app.post('/api/staff/uploads', { preHandler: app.requireStaff, bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply): Promise<StaffUploadResponse> => {
    reply.header('Cache-Control', 'no-store');
    const upload = await receiveImageUpload(request);
    await app.images.store(upload.id, upload.versions, currentUser(request), upload.bytes);
    reply.code(201);
    return { success: true, image: uploadedImage(upload) };
  });

  app.get('/uploads/:file', async (request, reply) => {
    const { file } = parseOr400(fileParams, request.params, 'picture');
    const [id, width] = file.slice(0, -'.webp'.length).split('-') as [string, string];
    const row = await app.images.find(id, Number(width));
    if (!row) return reply.code(404).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    const etag = `${id}-${width}`;
    reply.header('Cache-Control', YEAR).header('ETag', `"${etag}"`);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(row.contentType).send(row.data);
  });
};
export default staffUploadRoutes;
