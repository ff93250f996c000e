import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResets, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];

/** E-mails are stored trimmed and lower-cased; the unique index is on lower(email) as well. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Reset tokens are stored only as their SHA-256 (a leaked table row cannot be used as a link). */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export class DuplicateEmailError extends Error {
  override name = 'DuplicateEmailError';
}

/** Accounts and password-reset tokens. */
export class UsersRepository {
  /** Every authenticated request reads its account: built once, prepared by name (issue 9). */
  private readonly byId;

  constructor(
    private readonly db: Db,
    private readonly newId: () => string,
  ) {
    this.byId = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('users_by_id');
  }

  async findById(id: string): Promise<UserRow | null> {
    const rows = await this.byId.execute({ id });
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const rows = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`);
    return rows[0] ?? null;
  }

  async findStaff(): Promise<UserRow | null> {
    const rows = await this.db.select().from(users).where(eq(users.role, 'staff')).limit(1);
    return rows[0] ?? null;
  }

  /** Creates an account; throws DuplicateEmailError when the e-mail is taken (in any letter case). */
  async create(input: { name: string; email: string; passwordHash: string; role?: Role }): Promise<UserRow> {
    try {
      const rows = await this.db
        .insert(users)
        .values({
          id: this.newId(),
          name: input.name,
          email: normaliseEmail(input.email),
          passwordHash: input.passwordHash,
          role: input.role ?? 'shopper',
        })
        .returning();
      return rows[0]!;
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateEmailError('An account with this e-mail already exists');
      throw err;
    }
  }

  /** Sets role and/or password; a new password also ends every session issued before now. */
  async update(id: string, patch: { role?: Role; passwordHash?: string }): Promise<void> {
    await this.db
      .update(users)
      .set({
        ...(patch.role ? { role: patch.role } : {}),
        ...(patch.passwordHash ? { passwordHash: patch.passwordHash, tokensValidAfter: new Date() } : {}),
      })
      .where(eq(users.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  /** Stores a reset token (as its hash) valid until `expiresAt`. */
  async createReset(userId: string, token: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResets).values({ tokenHash: hashResetToken(token), userId, expiresAt });
  }

  /**
   * Uses a reset token: in one transaction marks it used (only if unused and unexpired — a
   * concurrent second use finds nothing), sets the new password, moves tokensValidAfter to now
   * (older sessions stop working) and spends the user's other outstanding reset links.
   * Returns the user id, or null when the token is unknown, used or expired.
   */
  async resetPassword(token: string, passwordHash: string, now: Date = new Date()): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, hashResetToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId });
      const userId = used[0]?.userId;
      if (!userId) return null;
      await tx.update(users).set({ passwordHash, tokensValidAfter: now }).where(eq(users.id, userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
      return userId;
    });
  }
}
