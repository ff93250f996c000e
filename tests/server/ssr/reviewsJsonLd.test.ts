import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema';
import { bumpCatalogVersion } from '../../../server/repositories/catalog';
import { ADDRESS, makeShopper } from '../checkout-helpers';
import { useShellApp } from '../helpers';

/**
 * Product pages carry JSON-LD `Product` with `aggregateRating` and the first reviews, so
 * search engines show the stars; review texts are the shoppers' own and must never break out of the
 * script block. A shell shaped like the built index.html stands in for dist/.
 */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>LayerLoft</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const shop = useShellApp(SHELL, { prefix: 'layerloft-reviews-ld-' });

function jsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!);
}

async function approvedReview(productId: string, name: string, rating: number, title: string, body: string) {
  const app = shop.t.app;
  const s = await makeShopper(app, name);
  const orderId = randomBytes(12).toString('hex');
  await app.db.insert(orders).values({
    id: orderId,
    userId: s.id,
    status: 'Delivered',
    address: ADDRESS as unknown as Record<string, unknown>,
    items: [{ productId, variant: '|', kind: 'product', name: 'x', image: '', quantity: 1, unitPriceCents: 2000, lineTotalCents: 2000 }],
    subtotalCents: 2000,
    shippingCents: 1000,
    amountCents: 3000,
    paidAt: new Date(),
  });
  await app.reviews.save({ userId: s.id, productId, orderId, option: { color: null, size: null }, rating, title, body, photos: [], status: 'approved', heldReason: null });
}

describe('JSON-LD of a product page with reviews', () => {
  it('has no rating while the product has no review', async () => {
    const p = shop.list[0]!;
    const ld = jsonLd((await shop.t.app.inject(`/product/${p._id}`)).body);
    expect(ld['@type']).toBe('Product');
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld).not.toHaveProperty('review');
  });

  it('carries aggregateRating and the first reviews, with shoppers’ text escaped inside the script', async () => {
    const p = shop.list[1]!;
    const evil = 'Nice print </script><script>alert(1)</script> <!-- & more --> really sturdy.';
    await approvedReview(p._id, 'Maria Garcia', 5, 'Looks great </script>', evil);
    await approvedReview(p._id, 'Tom Lee', 4, 'Smaller than I thought', 'About 10 cm tall, but the colours match the pictures.');
    await bumpCatalogVersion(shop.t.app.db);

    const html = (await shop.t.app.inject(`/product/${p._id}`)).body;
    // The text never closes the block nor opens a comment: only the one closing tag of the block.
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the JSON-LD block's and the app's module script
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- &');
    const ld = jsonLd(html);
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    const reviews = ld.review as Record<string, unknown>[];
    expect(reviews).toHaveLength(2);
    expect(reviews.map((r) => r.name).sort()).toEqual(['Looks great </script>', 'Smaller than I thought']);
    const maria = reviews.find((r) => r.name === 'Looks great </script>')!;
    expect(maria).toMatchObject({ '@type': 'Review', reviewBody: evil, author: { '@type': 'Person', name: 'Maria G.' }, reviewRating: { '@type': 'Rating', ratingValue: 5 } });
    expect(maria.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
