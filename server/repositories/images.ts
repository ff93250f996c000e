import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { images } from '../db/schema';
import type { EncodedUpload } from '../lib/imageUpload';
import { AuditRepository, type AuditActor } from './audit';

/**
 * Uploaded pictures, stored in the database so every instance serves them. A picture's id is the
 * hash of its file: the same file sent twice is stored once.
 */
export class ImagesRepository {
  private readonly audit: AuditRepository;
  constructor(private readonly db: Db) {
    this.audit = new AuditRepository(db);
  }

  /** Stores every width of an upload with its audit row, in one transaction. */
  async save(upload: EncodedUpload, actor: AuditActor, tx?: DbOrTx): Promise<void> {
    const write = async (db: DbOrTx) => {
      await db
        .insert(images)
        .values(upload.versions.map((e) => ({ id: upload.id, width: e.width, height: e.height, contentType: 'image/webp', data: e.data, createdBy: actor.id })))
        .onConflictDoNothing();
      await this.audit.record(db, {
        entity: 'image',
        entityId: upload.id,
        action: 'upload',
        actor,
        changes: { widths: { from: null, to: upload.versions.map((v) => v.width) }, bytes: { from: null, to: upload.bytes } },
      });
    };
    if (tx) await write(tx);
    else await this.db.transaction(write);
  }

  /** One stored width of a picture, or undefined. */
  async find(id: string, width: number): Promise<{ data: Buffer; contentType: string } | undefined> {
    const [row] = await this.db
      .select({ data: images.data, contentType: images.contentType })
      .from(images)
      .where(and(eq(images.id, id), eq(images.width, width)));
    return row;
  }
}
