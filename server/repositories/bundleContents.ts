import { inArray } from 'drizzle-orm';
import type { BundleContentItem } from '../../src/domain/types';
import type { DbOrTx } from '../db/client';
import { bundles, products } from '../db/schema';

/**
 * What each bundle holds now (its products' ids, names and first pictures), read fresh when an
 * order is placed: the order keeps this copy, so later edits of the bundle change no past order.
 */
export async function bundleContents(db: DbOrTx, bundleIds: readonly string[]): Promise<Map<string, BundleContentItem[]>> {
  const out = new Map<string, BundleContentItem[]>();
  if (bundleIds.length === 0) return out;
  const rows = await db.select({ id: bundles.id, productIds: bundles.productIds }).from(bundles).where(inArray(bundles.id, [...new Set(bundleIds)]));
  const ids = [...new Set(rows.flatMap((r) => r.productIds))];
  const found = ids.length ? await db.select({ id: products.id, name: products.name, images: products.images }).from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  for (const r of rows) {
    out.set(
      r.id,
      r.productIds.flatMap((id) => {
        const p = byId.get(id);
        return p ? [{ productId: p.id, name: p.name, image: p.images[0] ?? '' }] : [];
      }),
    );
  }
  return out;
}
