import { eq } from 'drizzle-orm';
import type { Settings } from '../../src/domain/types';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

/** The single settings row (id 1) plus the shop's name and e-mail from configuration. */
export class SettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly shop: { shopName: string; shopEmail: string },
  ) {}

  async get(): Promise<Settings> {
    const rows = await this.db.select().from(settings).where(eq(settings.id, 1));
    const row = rows[0];
    return {
      hiddenCategories: row?.hiddenCategories ?? [],
      hiddenProductTags: row?.hiddenProductTags ?? [],
      showSupportInOrders: row?.showSupportInOrders ?? true,
      shopName: this.shop.shopName,
      shopEmail: this.shop.shopEmail,
    };
  }
}
