/** The audit log on the wire: who changed what and when (the staff console reads it per record). */

/** What the audit log is kept for. */
export type AuditEntity = 'product' | 'bundle' | 'discount' | 'settings' | 'order' | 'user' | 'image' | 'review';
export const AUDIT_ENTITIES: readonly AuditEntity[] = ['product', 'bundle', 'discount', 'settings', 'order', 'user', 'image', 'review'];

/** One field's change: its value before and after (null when the record did not exist). */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export interface AuditEntry {
  _id: string;
  entity: AuditEntity;
  entityId: string;
  action: string;
  actor: { _id: string | null; email: string | null };
  changes: AuditChanges;
  createdAt: string;
}
