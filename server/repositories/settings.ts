import { eq, sql } from 'drizzle-orm';
import type { Settings } from '../../src/domain/types';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

/** The single settings row (id 1) plus the shop's name, e-mail, payment mode and time zone from configuration. */
export class SettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly shop: { shopName: string; shopEmail: string; payments: 'stripe' | 'test'; shopTimeZone: string },
    /** Where `get` reads (`Database.reads`: every page asks). */
    private readonly reads: Db = db,
  ) {}

  async get(): Promise<Settings> {
    const rows = await this.reads.select().from(settings).where(eq(settings.id, 1));
    const row = rows[0];
    return {
      hiddenCategories: row?.hiddenCategories ?? [],
      hiddenProductTags: row?.hiddenProductTags ?? [],
      showSupportInOrders: row?.showSupportInOrders ?? true,
      shopName: this.shop.shopName,
      shopEmail: this.shop.shopEmail,
      testPayments: this.shop.payments === 'test',
      timeZone: this.shop.shopTimeZone,
    };
  }

  /**
   * Changes the staff-controlled switches (staff API). Nothing caches settings on the server, so
   * every instance answers the new value at once; clients re-read GET /api/settings.
   */
  async update(patch: { showSupportInOrders?: boolean }): Promise<Settings> {
    if (patch.showSupportInOrders !== undefined) {
      await this.db
        .insert(settings)
        .values({ id: 1, showSupportInOrders: patch.showSupportInOrders })
        .onConflictDoUpdate({ target: settings.id, set: { showSupportInOrders: patch.showSupportInOrders, updatedAt: sql`now()` } });
    }
    return this.get();
  }
}
