import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { UPLOAD_MESSAGES } from '../../server/lib/imageUpload';
import type { ReviewPhotoResponse } from '../../server/routes/reviewPhotos';
import { REVIEW_MESSAGES, type ReviewPage } from '../../src/domain/reviews';
import { ADDRESS, makeShopper, TP } from './checkout-helpers';
import { useStaffApp } from './staff/staff-helpers';

const ctx = useStaffApp({ catalog: true });

async function deliveredBuyer(name: string, productId: string) {
  const s = await makeShopper(ctx.app, name);
  await ctx.app.db.insert(orders).values({
    id: randomBytes(12).toString('hex'),
    userId: s.id,
    status: 'Delivered',
    address: ADDRESS as unknown as Record<string, unknown>,
    items: [{ productId, variant: '|', kind: 'product', name: 'x', image: '', quantity: 1, unitPriceCents: 2000, lineTotalCents: 2000 }],
    subtotalCents: 2000,
    shippingCents: 1000,
    amountCents: 3000,
    paidAt: new Date(),
  });
  return s;
}

function multipartBody(bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const boundary = '----layerloft-review-photo';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
const send = (bytes: Buffer, token: string | null, productId: string = TP.plain, filename?: string, type?: string) => {
  const { payload, contentType } = multipartBody(bytes, filename, type);
  return ctx.app.inject({ method: 'POST', url: `/api/reviews/photos?productId=${productId}`, payload, headers: { ...(token ? { token } : {}), 'content-type': contentType } });
};
const photo = (format: 'png' | 'jpeg' | 'webp', width = 900, height = 700) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

describe('review photos', () => {
  it('only a shopper who received the product may send one', async () => {
    const png = await photo('png', 20, 20);
    expect((await send(png, null)).statusCode).toBe(401);
    const stranger = await makeShopper(ctx.app, 'Stranger');
    const refused = await send(png, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REVIEW_MESSAGES.notEligible);
    const buyer = await deliveredBuyer('Buyer', TP.plain);
    const badId = await send(png, buyer.token, 'not-a-product');
    expect(badId.statusCode).toBe(400);
  });

  it('goes through the staff pipeline: type from the bytes, re-encoded as WebP, served from the store; a review carries it', async () => {
    const buyer = await deliveredBuyer('Photographer', TP.plain);
    const jpeg = await photo('jpeg');
    const res = await send(jpeg, buyer.token, TP.plain, 'in-hand.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json() as ReviewPhotoResponse;
    expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{24}-900\.webp$/);
    expect(image.sizes.map((s) => s.width)).toEqual([320, 640, 900]);
    const served = await ctx.app.inject(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    // A GIF named .png, and a text file named .jpg, are refused by their bytes.
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const asPng = await send(gif, buyer.token, TP.plain, 'sneaky.png', 'image/png');
    expect(asPng.statusCode).toBe(415);
    expect(asPng.json().message).toBe(UPLOAD_MESSAGES.badType);
    expect((await send(Buffer.from('hello, not a picture'), buyer.token, TP.plain, 'x.jpg', 'image/jpeg')).statusCode).toBe(415);

    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { token: buyer.token },
      payload: { productId: TP.plain, rating: 4, title: 'As pictured', body: 'Here it is on my desk, the blue is exactly as shown.', photos: [image.url] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await ctx.send('POST', `/api/staff/reviews/${saved.json().review._id}/approve`, {})).statusCode).toBe(200);
    const page = (await ctx.app.inject(`/api/reviews/product/${TP.plain}`)).json() as ReviewPage;
    expect(page.reviews[0]).toMatchObject({ title: 'As pictured', photos: [image.url] });
  });
});
