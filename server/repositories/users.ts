import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { passwordResets, sessions, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type Role = UserRow['role'];
export type SessionEndReason = NonNullable<(typeof sessions.$inferSelect)['endReason']>;
/** An account and (when it is this account's) the session a token names. */
export interface SessionUserRow {
  user: UserRow;
  session: { createdAt: Date; expiresAt: Date; endReason: SessionEndReason | null } | null;
}
/** Sessions that just ended: one (`sessionId`) or every session of the user. */
export interface SessionsEnded {
  userId: string;
  sessionId?: string;
}

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

/** Ends the open sessions of a user (inside the caller's transaction). */
function endOpenSessions(tx: DbOrTx, userId: string, reason: SessionEndReason, now: Date) {
  return tx
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/**
 * Accounts, their sessions and password-reset tokens. Whatever ends sessions here tells the
 * `onSessionsEnded` listeners after the change is committed (the realtime server disconnects them).
 */
export class UsersRepository {
  /** Every authenticated request reads its account and session: built once, prepared by name. */
  private readonly bySession;
  private readonly endedListeners = new Set<(ended: SessionsEnded) => void>();

  constructor(
    private readonly db: Db,
    private readonly newId: () => string,
  ) {
    this.bySession = db
      .select({ user: users, session: { createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, endReason: sessions.endReason } })
      .from(users)
      .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, users.id)))
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('user_by_session');
  }

  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private notifyEnded(ended: SessionsEnded): void {
    for (const listener of this.endedListeners) listener(ended);
  }

  async findById(id: string): Promise<UserRow | null> {
    const rows = await this.db.select().from(users).where(eq(users.id, id));
    return rows[0] ?? null;
  }

  /** The account `userId` with its session `sessionId` (null when that session is not the account's). */
  async findSessionUser(userId: string, sessionId: string): Promise<SessionUserRow | null> {
    const rows = await this.bySession.execute({ id: userId, sid: sessionId });
    return rows[0] ?? null;
  }

  async createSession(userId: string, sessionId: string, expiresAt: Date): Promise<void> {
    await this.db.insert(sessions).values({ id: sessionId, userId, expiresAt });
  }

  /** Ends one session (logout); false when it was not open. */
  async endSession(userId: string, sessionId: string, reason: SessionEndReason = 'logout'): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ endedAt: new Date(), endReason: reason })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    this.notifyEnded({ userId, sessionId });
    return ended.length > 0;
  }

  /** Ends every open session of a user (staff disabling an account, logout everywhere). */
  async endSessions(userId: string, reason: SessionEndReason = 'ended'): Promise<void> {
    await endOpenSessions(this.db, userId, reason, new Date());
    this.notifyEnded({ userId });
  }

  /** Deletes sessions past their expiry (their tokens have expired too). */
  async sweepSessions(now: Date = new Date()): Promise<number> {
    const gone = await this.db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
    return gone.length;
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

  /**
   * Sets role and/or password. A new password, or a role other than the current one, ends every
   * open session of the account in the same transaction: a token must never carry rights the
   * account no longer has, nor outlive the password it was issued under.
   */
  async update(id: string, patch: { role?: Role; passwordHash?: string }): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      const before = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
      if (!before[0]) return false;
      const roleChanged = patch.role !== undefined && patch.role !== before[0].role;
      if (!roleChanged && !patch.passwordHash) return false;
      await tx
        .update(users)
        .set({ ...(roleChanged ? { role: patch.role } : {}), ...(patch.passwordHash ? { passwordHash: patch.passwordHash } : {}) })
        .where(eq(users.id, id));
      await endOpenSessions(tx, id, patch.passwordHash ? 'password' : 'role', new Date());
      return true;
    });
    if (ended) this.notifyEnded({ userId: id });
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
   * concurrent second use finds nothing), sets the new password, ends every open session and
   * spends the user's other outstanding reset links.
   * Returns the user id, or null when the token is unknown, used or expired.
   */
  async resetPassword(token: string, passwordHash: string, now: Date = new Date()): Promise<string | null> {
    const userId = await this.db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, hashResetToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId });
      const userId = used[0]?.userId;
      if (!userId) return null;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await endOpenSessions(tx, userId, 'password', now);
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
      return userId;
    });
    if (userId) this.notifyEnded({ userId });
    return userId;
  }
}
