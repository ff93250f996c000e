import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { images } from '../db/schema';
import type { AuditActor, AuditRepository } from './audit';

/** One stored width of an uploaded picture (WebP bytes). */
export interface EncodedImage {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Uploaded product pictures, kept in the database so every instance serves them. An id is the
 * hash of the original file, so storing the same picture twice keeps the first copy.
 */
export class ImagesRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
  ) {}

  /** Stores every width of a picture with its audit row, in one transaction. */
  async store(id: string, encoded: EncodedImage[], actor: AuditActor, originalBytes: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(images)
        .values(encoded.map((e) => ({ id, width: e.width, height: e.height, contentType: 'image/webp', data: e.data, createdBy: actor.id })))
        .onConflictDoNothing();
      await this.audit.record(tx, {
        entity: 'image',
        entityId: id,
        action: 'upload',
        actor,
        changes: { widths: { from: null, to: encoded.map((e) => e.width) }, bytes: { from: null, to: originalBytes } },
      });
    });
  }

  /** One width of a picture, or undefined when that picture or width was never stored. */
  async find(id: string, width: number): Promise<{ data: Buffer; contentType: string } | undefined> {
    const [row] = await this.db
      .select({ data: images.data, contentType: images.contentType })
      .from(images)
      .where(and(eq(images.id, id), eq(images.width, width)));
    return row;
  }
}
