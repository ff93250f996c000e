import { eq } from 'drizzle-orm';
import { normaliseDiscountCode } from '../../src/domain/checkout';
import type { Discount } from '../../src/domain/types';
import type { Db } from '../db/client';
import { discounts } from '../db/schema';

export type DiscountLookup = { ok: true; discount: Discount } | { ok: false; reason: 'empty' | 'unknown' | 'disabled' | 'expired' };

/** Discount codes (SPEC §3: code, percentage). Codes are stored upper-case; they can expire and be disabled. */
export class DiscountsRepository {
  constructor(private readonly db: Db) {}

  /** Looks a code up as the shopper typed it (trimmed and upper-cased first, SPEC §5). */
  async lookup(raw: unknown, now = new Date()): Promise<DiscountLookup> {
    const code = normaliseDiscountCode(raw);
    if (!code) return { ok: false, reason: 'empty' };
    const rows = await this.db.select().from(discounts).where(eq(discounts.code, code));
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (!row.active) return { ok: false, reason: 'disabled' };
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    const percentage = Math.min(100, Math.max(0, row.percentage));
    return { ok: true, discount: { code: row.code, percentage } };
  }
}
