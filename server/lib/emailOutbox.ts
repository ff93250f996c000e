import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox, users } from '../db/schema';
import type { MailMessage, Mailer } from './mailer';

/** How long one delivery attempt owns a row; a crashed sender's row is retried after it. */
export const OUTBOX_LEASE_MS = 2 * 60 * 1000;
/** After this many failed attempts (about two days of hourly retries) the row is given up and logged. */
export const OUTBOX_MAX_ATTEMPTS = 50;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** 30 s, 1 min, 2 min, … up to an hour between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Order and account e-mails: `enqueue` writes the message inside the caller's transaction — the one
 * that changes the order — so a crash can never keep the change and lose the e-mail; `deliverDue`
 * sends what is due. Delivery is at least once (a crash after sending and before marking sent sends
 * again), deduplicated by a key (order and kind unless the sender names another), and one attempt at a time across
 * instances: a row is claimed with FOR UPDATE SKIP LOCKED and a lease (`locked_until`).
 * Order e-mails go to the account's address only, never to an address typed into a form.
 */
export class EmailOutbox {
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    now?: () => number,
  ) {
    this.now = now ?? Date.now;
  }

  /**
   * Queues `render(accountEmail)` for the order's owner, once per key (`'<orderId>:<kind>'` unless
   * `key` names another, e.g. one per refund): a second call with the same key changes nothing.
   * Answers whether a row was written.
   */
  async enqueue(tx: DbOrTx, order: { id: string; userId: string }, kind: string, render: (accountEmail: string) => MailMessage, key = `${order.id}:${kind}`): Promise<boolean> {
    return this.write(tx, { orderId: order.id, userId: order.userId, kind, key }, render);
  }

  /** Queues an e-mail about no order (back in stock, say) for an account, once per key. */
  async enqueueForAccount(tx: DbOrTx, userId: string, kind: string, key: string, render: (accountEmail: string) => MailMessage): Promise<boolean> {
    return this.write(tx, { orderId: null, userId, kind, key }, render);
  }

  private async write(tx: DbOrTx, to: { orderId: string | null; userId: string; kind: string; key: string }, render: (accountEmail: string) => MailMessage): Promise<boolean> {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, to.userId));
    if (!owner) return false;
    const m = render(owner.email);
    const rows = await tx
      .insert(emailOutbox)
      .values({
        id: randomBytes(12).toString('hex'),
        orderId: to.orderId,
        userId: to.orderId ? null : to.userId,
        kind: to.kind,
        dedupeKey: to.key,
        toAddress: owner.email,
        subject: m.subject,
        text: m.text,
        html: m.html,
        nextAttemptAt: new Date(this.now()),
      })
      .onConflictDoNothing()
      .returning({ id: emailOutbox.id });
    return rows.length > 0;
  }

  /** Claims the next due row (skipping rows another sender holds) for one attempt. */
  private async claim(orderId?: string): Promise<OutboxRow | undefined> {
    const now = new Date(this.now());
    const due = and(
      isNull(emailOutbox.sentAt),
      isNull(emailOutbox.gaveUpAt),
      lte(emailOutbox.nextAttemptAt, now),
      or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
      orderId ? eq(emailOutbox.orderId, orderId) : undefined,
    );
    const next = this.db.select({ id: emailOutbox.id }).from(emailOutbox).where(due).orderBy(emailOutbox.nextAttemptAt).limit(1).for('update', { skipLocked: true });
    const [row] = await this.db
      .update(emailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + OUTBOX_LEASE_MS), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, sql`(${next})`), due))
      .returning();
    return row;
  }

  /**
   * Sends due e-mails one at a time (all of them, or those of `orderId`), at most `limit`.
   * Answers how many were sent. A failure is recorded and retried later, never thrown.
   */
  async deliverDue(opts: { orderId?: string; limit?: number } = {}): Promise<number> {
    let sent = 0;
    for (let i = 0; i < (opts.limit ?? 50); i++) {
      const row = await this.claim(opts.orderId);
      if (!row) break;
      try {
        await this.mailer.send({ to: row.toAddress, subject: row.subject, text: row.text, html: row.html });
        await this.db.update(emailOutbox).set({ sentAt: new Date(this.now()), lockedUntil: null, lastError: null }).where(eq(emailOutbox.id, row.id));
        sent += 1;
      } catch (err) {
        const giveUp = row.attempts >= OUTBOX_MAX_ATTEMPTS;
        const message = err instanceof Error ? err.message : String(err);
        await this.db
          .update(emailOutbox)
          .set({
            lockedUntil: null,
            lastError: message.slice(0, 500),
            nextAttemptAt: new Date(this.now() + retryDelayMs(row.attempts)),
            ...(giveUp ? { gaveUpAt: new Date(this.now()) } : {}),
          })
          .where(eq(emailOutbox.id, row.id));
        const fields = { err: message, orderId: row.orderId, kind: row.kind, attempts: row.attempts };
        if (giveUp) this.log.error(fields, 'order e-mail given up after repeated failures');
        else this.log.warn(fields, 'order e-mail failed; will retry');
      }
    }
    return sent;
  }
}
