import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { processedWebhookEvents } from '../db/schema';

/** The payment provider's webhook events already handled, by event id (a redelivery is answered, not handled again). */
export class WebhookEventsRepository {
  constructor(private readonly db: Db) {}

  async seen(eventId: string): Promise<boolean> {
    const rows = await this.db.select({ id: processedWebhookEvents.id }).from(processedWebhookEvents).where(eq(processedWebhookEvents.id, eventId));
    return rows.length > 0;
  }

  /** Records a handled event; recording it twice (two deliveries handled at once) keeps one row. */
  async record(eventId: string): Promise<void> {
    await this.db.insert(processedWebhookEvents).values({ id: eventId }).onConflictDoNothing();
  }
}
