import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, type StaffUploadResponse } from '../../../server/routes/staffUploads';
import { useStaffApp } from './staff-helpers';
import { makeShopper } from '../checkout-helpers';

const ctx = useStaffApp();

/** A multipart/form-data body with one file field. */
function multipartBody(bytes: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = '----layerloft-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'picture.png'}"\r\nContent-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (bytes: Buffer, opts: Parameters<typeof multipartBody>[1] = {}, token = ctx.staff.token) => {
  const { payload, contentType } = multipartBody(bytes, opts);
  return ctx.app.inject({ method: 'POST', url: '/api/staff/uploads', payload, headers: { token, 'content-type': contentType } });
};

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

describe('picture uploads', () => {
  it('are for staff only', async () => {
    const png = await picture(10, 10, 'png');
    const shopper = await makeShopper(ctx.app, 'Mallory');
    expect((await upload(png, {}, shopper.token)).statusCode).toBe(403);
    const { payload, contentType } = multipartBody(png);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/staff/uploads', payload, headers: { 'content-type': contentType } })).statusCode).toBe(401);
  });

  it('re-encodes JPEG, PNG and WebP into WebP at the widths the store shows, served from the database with a year of caching', async () => {
    const jpeg = await picture(1600, 1000, 'jpeg');
    const res = await upload(jpeg, { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    const { image } = res.json() as StaffUploadResponse;
    expect(image.sizes.map((s) => [s.width, s.height])).toEqual([
      [320, 200],
      [640, 400],
      [1280, 800],
    ]);
    expect(image.url).toBe(`/uploads/${image._id}-1280.webp`);
    expect(image.srcset).toBe(`/uploads/${image._id}-320.webp 320w, /uploads/${image._id}-640.webp 640w, /uploads/${image._id}-1280.webp 1280w`);

    const served = await ctx.app.inject({ method: 'GET', url: image.sizes[1]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 400]);
    expect((await ctx.app.inject({ method: 'GET', url: image.sizes[1]!.url, headers: { 'if-none-match': served.headers.etag as string } })).statusCode).toBe(304);

    // A second instance on the same database serves it too.
    const other = await ctx.t.buildOn();
    try {
      expect((await other.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    } finally {
      await other.close();
    }

    // Small originals are never enlarged; PNG and WebP are taken too.
    const small = (await upload(await picture(500, 250, 'png'))).json() as StaffUploadResponse;
    expect(small.image.sizes.map((s) => s.width)).toEqual([320, 500]);
    const webp = await upload(await picture(100, 100, 'webp'), { filename: 'x.webp', type: 'image/webp' });
    expect((webp.json() as StaffUploadResponse).image.sizes.map((s) => s.width)).toEqual([100]);
    expect((await ctx.app.inject({ method: 'GET', url: `/uploads/${'0'.repeat(24)}-320.webp` })).statusCode).toBe(404);
  });

  it('checks the type from the bytes, not the name or the Content-Type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const res = await upload(svg, { filename: 'evil.png', type: 'image/png' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.badType);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(gif, { filename: 'a.jpg', type: 'image/jpeg' })).json().message).toBe(UPLOAD_MESSAGES.badType);
    // PNG magic bytes over garbage: refused as unreadable, never stored.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    const broken = await upload(fake);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(UPLOAD_MESSAGES.unreadable);
  });

  it('refuses a picture over 10 MB, an empty or missing file, and JSON', async () => {
    const big = Buffer.concat([await picture(10, 10, 'png'), Buffer.alloc(UPLOAD_MAX_BYTES, 1)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect((await upload(Buffer.alloc(0))).json().message).toBe(UPLOAD_MESSAGES.noFile);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/staff/uploads', payload: { file: 'x' }, headers: { token: ctx.staff.token } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
  });

  it('multipart is accepted on the upload route only; every other route keeps JSON and 1 MB', async () => {
    const { payload, contentType } = multipartBody(await picture(10, 10, 'png'));
    const other = await ctx.app.inject({ method: 'POST', url: '/api/staff/products', payload, headers: { token: ctx.staff.token, 'content-type': contentType } });
    expect(other.statusCode).toBe(415);
    const huge = await ctx.app.inject({ method: 'POST', url: '/api/staff/products', payload: { name: 'x'.repeat(1024 * 1024 + 10) }, headers: { token: ctx.staff.token } });
    expect(huge.statusCode).toBe(413);
  });
});
