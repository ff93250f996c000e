/**
 * "Local images only" decided the way a browser reads a path:
 * '/\evil.example/x.png' passed the old pattern (a slash not followed by a slash) and became
 * `og:image http://evil.example/x.png`, because to a browser a backslash is a slash. Paths are now
 * parsed with URL against the shop's origin, on input (the catalog rules) and on output (page meta,
 * the payment provider's line images) for anything stored before.
 */
import { describe, expect, it } from 'vitest';
import { productMeta } from '../../../server/lib/spaMeta';
import { isLocalPath } from '../../../src/domain/text';
import type { Product } from '../../../src/domain/types';
import { makeStaff } from '../chat-helpers';
import { postJson, useShopApp } from '../checkout-helpers';

const REMOTE_LOOKING = ['/\\evil.example/x.png', '/\\\\evil.example/x.png', '//evil.example/x.png', '/\t/evil.example/x.png', '/\n/evil.example/x.png', 'https://evil.example/x.png', '\\\\evil.example/x.png', 'javascript:alert(1)'];

describe('isLocalPath', () => {
  it('refuses every path a browser would fetch from another host', () => {
    for (const bad of REMOTE_LOOKING) expect(isLocalPath(bad), JSON.stringify(bad)).toBe(false);
  });
  it('accepts the shop’s own pictures', () => {
    for (const ok of ['/img/p/abc.svg?k=gadget&c=3a86ff', '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-640.webp', '/img/%5Cx.png']) expect(isLocalPath(ok), ok).toBe(true);
  });
});

const ctx = useShopApp();

describe('the staff product editor', () => {
  it('refuses a picture path that leaves the site, in the gallery, a colour and an accessory', async () => {
    const staff = await makeStaff(ctx.app);
    const product = { name: 'Dragon', price: 10, mainCategory: 'Widgets', subCategory: 'Home_Gadgets' };
    for (const bad of REMOTE_LOOKING) {
      for (const [field, body] of [
        ['image[0]', { ...product, image: [bad] }],
        ['colorVariants[0].image', { ...product, colorVariants: [{ color: 'Red', image: bad }] }],
        ['accessories[0].images[0]', { ...product, accessories: [{ name: 'Stand', price: 2, images: [bad] }] }],
      ] as const) {
        const res = await postJson(ctx.app, '/api/staff/products', body, staff.token);
        expect(res.statusCode, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.json().fields[field]).toBe('must be a local path starting with "/" (remote URLs are not allowed)');
      }
    }
  });
});

describe('page meta for a path stored before the rule', () => {
  it('announces no og:image on another host', () => {
    const product = { _id: 'aaaaaaaaaaaaaaaaaaaaaa01', name: 'Dragon', description: 'A dragon', price: 10, discount: 0, image: ['/\\evil.example/x.png'] } as unknown as Product;
    const meta = productMeta(product, 'https://shop.example');
    expect(meta.image).toBeUndefined();
    const fine = productMeta({ ...product, image: ['/img/p/dragon.svg'] }, 'https://shop.example');
    expect(fine.image).toBe('https://shop.example/img/p/dragon.svg');
  });
});
