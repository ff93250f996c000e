import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';

/**
 * Failed logins counted per e-mail and client source in a fixed window. An attempt is
 * counted before the password is checked — so a burst of parallel guesses cannot all slip past the
 * count — and a correct password clears the count again: only failures add up. Another source
 * (the account's owner elsewhere) has its own count, so guessing never locks the account itself.
 * In the database: shared by every instance, and unaffected by a Redis outage.
 */
export class LoginFailures {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; returns the count in the current window and when that window ends. */
  async attempt(email: string, source: string, windowMs: number): Promise<{ failures: number; windowEndsAt: Date }> {
    const now = new Date(this.now());
    const windowEnd = new Date(now.getTime() + windowMs);
    const expired = sql`${loginFailures.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(loginFailures)
      .values({ email, source, failures: 1, windowEndsAt: windowEnd })
      .onConflictDoUpdate({
        target: [loginFailures.email, loginFailures.source],
        set: {
          failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          windowEndsAt: sql`case when ${expired} then ${windowEnd.toISOString()}::timestamptz else ${loginFailures.windowEndsAt} end`,
        },
      })
      .returning({ failures: loginFailures.failures, windowEndsAt: loginFailures.windowEndsAt });
    return row!;
  }

  /** The count in the current window, without counting (0 when there is none or it is over). */
  async count(email: string, source: string): Promise<{ failures: number; windowEndsAt: Date | null }> {
    const [row] = await this.db
      .select({ failures: loginFailures.failures, windowEndsAt: loginFailures.windowEndsAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), eq(loginFailures.source, source)));
    if (!row || row.windowEndsAt.getTime() <= this.now()) return { failures: 0, windowEndsAt: null };
    return row;
  }

  /** A successful login: this source starts from zero again. */
  async clear(email: string, source: string): Promise<void> {
    await this.db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.source, source)));
  }

  /** Deletes counts whose window is over. */
  async sweep(): Promise<number> {
    const gone = await this.db
      .delete(loginFailures)
      .where(lte(loginFailures.windowEndsAt, new Date(this.now())))
      .returning({ email: loginFailures.email });
    return gone.length;
  }
}
