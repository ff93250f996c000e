import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditChanges, AuditEntity, AuditEntry } from '../../src/domain/audit';

/** Who made a change (a staff member; the e-mail is kept should the account go). */
export interface AuditActor {
  id: string;
  email: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields whose values differ between two versions of a record (either may be null: created, deleted). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChanges {
  const out: AuditChanges = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const from = before ? (before[key] ?? null) : null;
    const to = after ? (after[key] ?? null) : null;
    if (!same(from, to)) out[key] = { from, to };
  }
  return out;
}

/**
 * The audit log: who changed what and when. Writers pass the transaction of the change itself,
 * so a change is never saved without its audit row (nor an audit row without its change).
 */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async record(
    db: DbOrTx,
    entry: { entity: AuditEntity; entityId: string; action: string; actor: AuditActor; changes?: AuditChanges | Record<string, unknown> },
  ): Promise<void> {
    await db.insert(auditLog).values({
      entity: entry.entity,
      entityId: entry.entityId,
      action: entry.action,
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      changes: entry.changes ?? {},
    });
  }

  /** The newest `limit` entries about one record, newest first. */
  async list(entity: AuditEntity, entityId: string, limit = 200): Promise<AuditEntry[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id))
      .limit(limit);
    return rows.map((r) => ({
      _id: String(r.id),
      entity: r.entity as AuditEntity,
      entityId: r.entityId,
      action: r.action,
      actor: { _id: r.actorId, email: r.actorEmail },
      changes: r.changes as AuditChanges,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** How many entries one record has (tests and the console's badge). */
  async count(entity: AuditEntity, entityId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
    return Number(row?.n ?? 0);
  }
}
