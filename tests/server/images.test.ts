import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/domain/types';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('generated images', () => {
  it('draws an SVG that differs by colour and by seed, with long cache and an ETag', async () => {
    const red = await t.app.inject('/img/p/0123456789abcdef01234567.svg?k=figure&c=e63946');
    expect(red.statusCode).toBe(200);
    expect(red.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(red.headers['cache-control']).toContain('max-age=31536000');
    expect(red.body.startsWith('<svg')).toBe(true);
    expect(red.body).toContain('viewBox="0 0 800 800"');
    expect(red.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const blue = await t.app.inject('/img/p/0123456789abcdef01234567.svg?k=figure&c=blue');
    expect(blue.body).not.toBe(red.body);
    const other = await t.app.inject('/img/p/fedcba9876543210fedcba98.svg?k=figure&c=e63946');
    expect(other.body).not.toBe(red.body);
    const again = await t.app.inject({ url: '/img/p/0123456789abcdef01234567.svg?k=figure&c=e63946', headers: { 'if-none-match': red.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('draws every kind the seed uses', async () => {
    const products: Product[] = (await t.app.inject('/api/product/list')).json().products;
    const urls = new Set(products.flatMap((p) => [p.image[0], ...p.colorVariants.map((v) => v.image), ...p.accessories.flatMap((a) => a.images)]));
    for (const url of [...urls].slice(0, 200)) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('serves a placeholder and refuses bad parameters with JSON 400', async () => {
    const ph = await t.app.inject('/img/placeholder.svg');
    expect(ph.statusCode).toBe(200);
    expect(ph.headers['content-type']).toMatch(/svg/);
    const badKind = await t.app.inject('/img/p/abc.svg?k=rocket');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().success).toBe(false);
    const badColor = await t.app.inject('/img/p/abc.svg?k=ball&c=notacolour');
    expect(badColor.statusCode).toBe(400);
    const badName = await t.app.inject('/img/p/abc.png');
    expect(badName.statusCode).toBe(400);
  });
});
