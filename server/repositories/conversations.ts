import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Conversation, Message } from '../../src/domain/types';
import type { StaffConversation } from '../../src/domain/staffOrders';
import type { Db } from '../db/client';
import { conversations, messages, users } from '../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** An account found by e-mail with the id of its support thread (null before the thread's first use). */
export interface AccountThread {
  user: UserRow;
  conversationId: string | null;
}

/** Shortest and longest message body after trimming. */
export const MESSAGE_MIN_LENGTH = 1;
export const MESSAGE_MAX_LENGTH = 2000;
/** How many of the newest messages a thread read answers (oldest first). */
export const THREAD_LIMIT = 500;

/** 24 hex characters, like every other id on the wire. */
export const newChatId = () => randomBytes(12).toString('hex');

/** Database row → the wire `Message` of SPEC §3 (`createdAt` ISO 8601). */
export function messageToWire(row: MessageRow): Message {
  return {
    _id: row.id,
    body: row.body,
    sender: { _id: row.senderId },
    conversation: row.conversationId,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

export function conversationToWire(row: ConversationRow, user: { id: string; name: string }): Conversation {
  return { _id: row.id, user: { _id: user.id, name: user.name } };
}

/** One conversation as staff see it in their list. */

/**
 * The general support thread of each shopper (one per user, created on first use) and its
 * messages. `read_at` means "read by the other side": on a staff message, read by the shopper;
 * on a shopper message, read by staff. Callers check ownership; nothing here trusts a client id
 * without the user it belongs to (`findOwned`).
 */
export class ConversationsRepository {
  /**
   * The statements every chat message runs, built once and prepared by name: building a
   * drizzle query costs more CPU than PostgreSQL spends running these, and a named statement is
   * parsed once per connection. Only fixed shapes with placeholders go here.
   */
  private readonly statements;

  constructor(private readonly db: Db) {
    const p = sql.placeholder;
    const readByStaff = db
      .$with('read_by_staff')
      .as(
        db
          .update(messages)
          .set({ readAt: sql`now()` })
          .where(and(eq(messages.conversationId, p('conversationId')), eq(messages.isAdmin, false), isNull(messages.readAt)))
          .returning({ id: messages.id }),
      );
    const newMessage = { id: p('id'), conversationId: p('conversationId'), senderId: p('senderId'), body: p('body') };
    this.statements = {
      // A staff message and "staff read the shopper's messages" are one statement: one round trip, one commit.
      insertStaffMessage: db
        .with(readByStaff)
        .insert(messages)
        .values({ ...newMessage, isAdmin: true })
        .returning()
        .prepare('chat_insert_staff_message'),
      insertShopperMessage: db
        .insert(messages)
        .values({ ...newMessage, isAdmin: false })
        .returning()
        .prepare('chat_insert_shopper_message'),
      accountThread: db
        .select({ user: users, conversationId: conversations.id })
        .from(users)
        .leftJoin(conversations, eq(conversations.userId, users.id))
        .where(sql`lower(${users.email}) = ${p('email')}`)
        .prepare('chat_account_thread_by_email'),
      byUser: db.select().from(conversations).where(eq(conversations.userId, p('userId'))).prepare('chat_conversation_by_user'),
      byId: db.select().from(conversations).where(eq(conversations.id, p('id'))).prepare('chat_conversation_by_id'),
      owned: db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, p('id')), eq(conversations.userId, p('userId'))))
        .prepare('chat_conversation_owned'),
    };
  }

  /** The user's general thread, created on first use (concurrent first uses create one). */
  async getOrCreateForUser(userId: string): Promise<ConversationRow> {
    const existing = await this.statements.byUser.execute({ userId });
    if (existing[0]) return existing[0];
    await this.db.insert(conversations).values({ id: newChatId(), userId }).onConflictDoNothing();
    const rows = await this.statements.byUser.execute({ userId });
    return rows[0]!;
  }

  /** The account with this e-mail (any letter case) and its thread's id, in one query; undefined when none. */
  async accountThread(email: string): Promise<AccountThread | undefined> {
    const rows = await this.statements.accountThread.execute({ email: email.trim().toLowerCase() });
    return rows[0];
  }

  async findById(id: string): Promise<ConversationRow | undefined> {
    const rows = await this.statements.byId.execute({ id });
    return rows[0];
  }

  /** The conversation if it belongs to `userId`; undefined otherwise (another user's thread is "not found"). */
  async findOwned(id: string, userId: string): Promise<ConversationRow | undefined> {
    const rows = await this.statements.owned.execute({ id, userId });
    return rows[0];
  }

  /** The newest `limit` messages, oldest first. */
  async messages(conversationId: string, limit = THREAD_LIMIT): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    return rows.reverse();
  }

  /**
   * Saves a message. A staff message also marks the shopper's unread messages read (staff answering
   * have read the thread) in the same statement, so the caller can announce it as soon as it returns.
   */
  async addMessage(input: { conversationId: string; senderId: string; body: string; isAdmin: boolean }): Promise<MessageRow> {
    const values = { id: newChatId(), conversationId: input.conversationId, senderId: input.senderId, body: input.body };
    const [row] = await (input.isAdmin ? this.statements.insertStaffMessage : this.statements.insertShopperMessage).execute(values);
    return row!;
  }

  /** Staff messages the shopper has not read. */
  async unreadForShopper(conversationId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.isAdmin, true), isNull(messages.readAt)));
    return Number(row?.n ?? 0);
  }

  /** Marks the messages of one side read by the other: `fromStaff` true = the shopper read staff's messages. */
  async markRead(conversationId: string, fromStaff: boolean): Promise<number> {
    const rows = await this.db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(and(eq(messages.conversationId, conversationId), eq(messages.isAdmin, fromStaff), isNull(messages.readAt)))
      .returning({ id: messages.id });
    return rows.length;
  }

  /**
   * Conversations with their shopper, unread shopper messages and last message, most recent
   * activity first, in one query; `q` keeps those whose shopper's name or e-mail contains it.
   */
  async listForStaff(limit = 200, q?: string): Promise<StaffConversation[]> {
    const needle = q?.trim().toLowerCase();
    const pattern = needle ? `%${needle.replace(/[\\%_]/g, '\\$&')}%` : null;
    const result = await this.db.execute(sql`
      select c.id, u.id as user_id, u.name, u.email,
             (select count(*)::int from ${messages} m where m.conversation_id = c.id and m.is_admin = false and m.read_at is null) as unread,
             (select count(*)::int from ${messages} m where m.conversation_id = c.id) as message_count,
             last.body as last_body, last.is_admin as last_is_admin, last.created_at as last_at
      from ${conversations} c
      join ${users} u on u.id = c.user_id
      left join lateral (
        select m.body, m.is_admin, m.created_at from ${messages} m
        where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
      ) last on true
      ${pattern ? sql`where lower(u.name) like ${pattern} or lower(u.email) like ${pattern}` : sql``}
      order by coalesce(last.created_at, c.created_at) desc, c.id desc
      limit ${limit}`);
    type Row = { id: string; user_id: string; name: string; email: string; unread: number; message_count: number; last_body: string | null; last_is_admin: boolean | null; last_at: Date | string | null };
    return (result as unknown as { rows: Row[] }).rows.map((r) => ({
      _id: r.id,
      user: { _id: r.user_id, name: r.name, email: r.email },
      unread: Number(r.unread),
      messageCount: Number(r.message_count),
      lastMessage:
        r.last_body === null || r.last_at === null
          ? null
          : { body: r.last_body, isAdmin: Boolean(r.last_is_admin), createdAt: new Date(r.last_at).toISOString() },
    }));
  }
}
