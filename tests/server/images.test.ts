import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
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

  it('serves the generated art as WebP and AVIF at each srcset width, rendered once and kept on disk', async () => {
    const url = '/img/p/0123456789abcdef01234567-360.webp?k=figure&c=e63946';
    const webp = await t.app.inject(url);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toContain('immutable');
    expect(webp.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const meta = await sharp(webp.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([360, 360]);
    const avif = await t.app.inject('/img/p/0123456789abcdef01234567-720.avif?k=figure&c=e63946');
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(720);
    // On disk: the same bytes, read back rather than drawn again.
    const files = readdirSync(path.join(t.dataDir, 'picture-cache'));
    expect(files).toContain('0123456789abcdef01234567-figure-e63946-360.webp');
    expect(readFileSync(path.join(t.dataDir, 'picture-cache', '0123456789abcdef01234567-figure-e63946-360.webp')).equals(webp.rawPayload)).toBe(true);
    const again = await t.app.inject({ url, headers: { 'if-none-match': webp.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    // A width the store does not use, or another format, is refused with a message.
    for (const bad of ['/img/p/abc-333.webp?k=ball', '/img/p/abc-320.png?k=ball', '/img/p/abc-360.jpg?k=ball']) {
      const res = await t.app.inject(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/120, 240, 360, 540, 720/);
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
