import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { newUserId } from '../plugins/users';
import type { AuditActor, AuditRepository } from './audit';
import { DuplicateEmailError, normaliseEmail } from './users';

export interface StaffAccount {
  _id: string;
  name: string;
  email: string;
  role: 'staff';
  disabled: boolean;
  createdAt: string;
}

type UserRow = typeof users.$inferSelect;

export function staffAccountToWire(row: UserRow): StaffAccount {
  return { _id: row.id, name: row.name, email: row.email, role: 'staff', disabled: row.disabledAt !== null, createdAt: row.createdAt.toISOString() };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** Staff accounts as the staff API manages them; each change is saved together with its audit row. */
export class StaffAccountsRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
  ) {}

  /** Creates a staff account and its audit row in one transaction; DuplicateEmailError when the e-mail is taken. */
  async createAudited(input: { name: string; email: string; passwordHash: string }, actor: AuditActor): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const created = await this.create(input, tx);
      await this.audit.record(tx, { entity: 'user', entityId: created.id, action: 'create-staff', actor, changes: { email: { from: null, to: created.email }, name: { from: null, to: created.name } } });
      return created;
    });
  }

  /**
   * Disables an account (see `disable`) and audits it, in one transaction; an account that was
   * disabled already gets no second audit row. Null when no account has the id.
   */
  async disableAudited(account: { id: string; disabledAt: Date | null }, actor: AuditActor): Promise<UserRow | null> {
    return this.db.transaction(async (tx) => {
      const disabled = await this.disable(account.id, tx);
      if (disabled && !account.disabledAt) await this.audit.record(tx, { entity: 'user', entityId: disabled.id, action: 'disable-staff', actor, changes: { disabled: { from: false, to: true } } });
      return disabled;
    });
  }

  /** Creates a staff account; throws DuplicateEmailError when the e-mail is taken (in any letter case). */
  async create(input: { name: string; email: string; passwordHash: string }, db: DbOrTx = this.db): Promise<UserRow> {
    try {
      // A savepoint, so that a duplicate does not abort the caller's transaction.
      return await db.transaction(async (sp) => {
        const [row] = await sp
          .insert(users)
          .values({ id: newUserId(), name: input.name, email: normaliseEmail(input.email), passwordHash: input.passwordHash, role: 'staff' })
          .returning();
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateEmailError('An account with this e-mail already exists');
      throw err;
    }
  }

  async list(): Promise<StaffAccount[]> {
    const rows = await this.db.select().from(users).where(eq(users.role, 'staff')).orderBy(asc(users.createdAt), asc(users.id));
    return rows.map(staffAccountToWire);
  }

  /**
   * Disables an account: it cannot log in any more, and every session issued before now is
   * refused (tokensValidAfter) on every instance at its next request. Answers the row, or null
   * when no account has the id.
   */
  async disable(id: string, db: DbOrTx = this.db): Promise<UserRow | null> {
    const [row] = await db
      .update(users)
      .set({ disabledAt: sql`coalesce(${users.disabledAt}, now())`, tokensValidAfter: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }
}
