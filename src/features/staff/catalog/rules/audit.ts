import type { AuditEntry } from '../types';

/** A value of the audit log as a short text: money stays as stored, lists and objects as JSON. */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v.length > 120 ? `${v.slice(0, 117)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const json = JSON.stringify(v);
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
}

export interface AuditRow {
  id: string;
  who: string;
  when: string;
  action: string;
  changes: { field: string; from: string; to: string }[];
}

/** The audit entries as the log shows them (newest first, as the server sends them). */
export function auditRows(entries: readonly AuditEntry[]): AuditRow[] {
  return entries.map((e) => ({
    id: e._id,
    who: e.actor.email ?? 'system',
    when: e.createdAt,
    action: e.action,
    changes: Object.entries(e.changes).map(([field, c]) => ({ field, from: auditValue(c.from), to: auditValue(c.to) })),
  }));
}
