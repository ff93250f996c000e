import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meta, orders, productRatings, reviews } from '../../server/db/schema';
import { TEXT_TOO_LONG_MESSAGE } from '../../server/lib/inputGuards';
import { ReviewInvites, REVIEW_INVITE_TTL_SECONDS } from '../../server/lib/reviewInvites';
import { CATALOG_VERSION_KEY } from '../../server/repositories/catalog';
import { REVIEW_MESSAGES, REVIEW_SORTS, type ReviewEligibility, type ReviewPage } from '../../src/domain/reviews';
import { ADDRESS, makeShopper, TP } from './checkout-helpers';
import { useStaffApp } from './staff/staff-helpers';

const ctx = useStaffApp({ catalog: true });

type Status = 'Delivered' | 'Order Placed' | 'Refunded';

/** An order of `items` in `status`, written as the checkout stores one. */
async function order(userId: string, status: Status, items: { productId: string; variant: string; kind: 'product' | 'bundle' | 'accessory' }[]) {
  const id = randomBytes(12).toString('hex');
  await ctx.app.db.insert(orders).values({
    id,
    userId,
    status,
    address: ADDRESS as unknown as Record<string, unknown>,
    items: items.map((i) => ({ ...i, name: 'x', image: '', quantity: 1, unitPriceCents: 2000, lineTotalCents: 2000 })),
    subtotalCents: 2000,
    shippingCents: 1000,
    amountCents: 3000,
    paidAt: new Date(),
  });
  return id;
}

async function buyer(name: string, productId: string = TP.sale, variant = 'Red|M') {
  const s = await makeShopper(ctx.app, name);
  await order(s.id, 'Delivered', [{ productId, variant, kind: 'product' }]);
  return s;
}

const draft = (productId: string, over: Record<string, unknown> = {}) => ({
  productId,
  rating: 5,
  title: 'Crisp and sturdy',
  body: 'The layers are barely visible and the colours match the pictures.',
  ...over,
});
/** Each shopper writes from an address of their own: the per-address limit is tested on its own. */
const addresses = new Map<string, string>();
const addressOf = (token: string) => addresses.get(token) ?? (addresses.set(token, `127.0.${addresses.size >> 8}.${(addresses.size % 250) + 2}`), addresses.get(token)!);
const write = (token: string, body: unknown, remoteAddress = addressOf(token)) =>
  ctx.app.inject({ method: 'POST', url: '/api/reviews', payload: body as object, headers: { token }, remoteAddress });
const list = async (productId: string, query = '', token?: string) =>
  (await ctx.app.inject({ url: `/api/reviews/product/${productId}${query}`, headers: token ? { token } : {} })).json() as ReviewPage;
const mine = async (productId: string, token: string) => (await ctx.get(`/api/reviews/mine/${productId}`, token)).json() as ReviewEligibility;
const approve = (id: string) => ctx.send('POST', `/api/staff/reviews/${id}/approve`, {});
const stars = async (productId: string) => (await ctx.app.db.select().from(productRatings).where(eq(productRatings.productId, productId)))[0];
const catalogVersion = async () => (await ctx.app.db.select().from(meta).where(eq(meta.key, CATALOG_VERSION_KEY)))[0]?.value;

describe('who may review', () => {
  it('only a shopper whose delivered order holds the product, alone or in a bundle', async () => {
    const stranger = await makeShopper(ctx.app, 'Stranger');
    expect(await mine(TP.sale, stranger.token)).toMatchObject({ canReview: false, reason: REVIEW_MESSAGES.notEligible, review: null });
    const refused = await write(stranger.token, draft(TP.sale));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only shoppers who received this product can review it');

    const waiting = await makeShopper(ctx.app, 'Waiting');
    await order(waiting.id, 'Order Placed', [{ productId: TP.sale, variant: 'Red|M', kind: 'product' }]);
    const refunded = await makeShopper(ctx.app, 'Refunded');
    await order(refunded.id, 'Refunded', [{ productId: TP.sale, variant: 'Red|M', kind: 'product' }]);
    const accessoryOnly = await makeShopper(ctx.app, 'Accessory');
    await order(accessoryOnly.id, 'Delivered', [{ productId: TP.accessory, variant: 'accessory-0', kind: 'accessory' }]);
    for (const s of [waiting, refunded]) expect((await mine(TP.sale, s.token)).canReview).toBe(false);
    expect((await mine(TP.accessory, accessoryOnly.token)).canReview).toBe(false);

    const received = await buyer('Received');
    expect(await mine(TP.sale, received.token)).toMatchObject({ canReview: true, reason: null, option: { color: 'Red', size: 'M' } });

    const bundleBuyer = await makeShopper(ctx.app, 'Bundler');
    await order(bundleBuyer.id, 'Delivered', [{ productId: TP.activeBundle, variant: 'bundle', kind: 'bundle' }]);
    expect(await mine(TP.plain, bundleBuyer.token)).toMatchObject({ canReview: true, option: { color: null, size: null } });
    expect((await mine(TP.sale, bundleBuyer.token)).canReview).toBe(false);
  });

  it('asks a guest to log in', async () => {
    expect((await ctx.app.inject({ url: `/api/reviews/mine/${TP.sale}` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/reviews', payload: draft(TP.sale) })).statusCode).toBe(401);
  });
});

describe('writing and moderation', () => {
  it('a review waits for the shop; approval publishes it, counts its stars and renders the pages anew', async () => {
    const s = await buyer('Maria Garcia');
    const sent = await write(s.token, draft(TP.sale, { rating: 4 }));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ message: REVIEW_MESSAGES.submittedPending, review: { status: 'pending', author: 'Maria G.', option: { color: 'Red', size: 'M' } } });
    const id = sent.json().review._id as string;
    expect((await list(TP.sale)).reviews.map((r) => r._id)).not.toContain(id);

    const before = await catalogVersion();
    expect((await approve(id)).statusCode).toBe(200);
    expect(await catalogVersion()).not.toBe(before);
    const page = await list(TP.sale);
    expect(page.reviews.find((r) => r._id === id)).toMatchObject({ rating: 4, author: 'Maria G.', verifiedBuyer: true });
    expect((await stars(TP.sale)).stars4).toBeGreaterThanOrEqual(1);
  });

  it('one review per account and product: sending again edits it and sends it back to moderation', async () => {
    const s = await buyer('Editor');
    const first = (await write(s.token, draft(TP.sale, { rating: 5 }))).json().review._id as string;
    await approve(first);
    const fives = (await stars(TP.sale)).stars5;
    const edit = await write(s.token, draft(TP.sale, { rating: 2, title: 'Changed my mind' }));
    expect(edit.statusCode).toBe(200);
    expect(edit.json().review).toMatchObject({ _id: first, status: 'pending', rating: 2 });
    expect(await ctx.app.db.select().from(reviews).where(eq(reviews.userId, s.id))).toHaveLength(1);
    // Out of the approved ones: its five stars are taken back until the shop reads the edit.
    expect((await stars(TP.sale)).stars5).toBe(fives - 1);
    await approve(first);
    expect((await stars(TP.sale)).stars2).toBeGreaterThanOrEqual(1);
  });

  it('rejecting tells the author why and takes the stars back; the author can delete a review', async () => {
    const s = await buyer('Rejected', TP.plain, '|');
    const id = (await write(s.token, draft(TP.plain, { rating: 1 }))).json().review._id as string;
    await approve(id);
    expect((await stars(TP.plain)).stars1).toBe(1);
    const rejected = await ctx.send('POST', `/api/staff/reviews/${id}/reject`, { reason: 'Please keep to the product' });
    expect(rejected.statusCode).toBe(200);
    expect((await stars(TP.plain)).stars1).toBe(0);
    expect((await mine(TP.plain, s.token)).review).toMatchObject({ status: 'rejected', rejectReason: 'Please keep to the product' });
    const noReason = await ctx.send('POST', `/api/staff/reviews/${id}/reject`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);

    await approve(id);
    expect((await stars(TP.plain)).stars1).toBe(1);
    expect((await ctx.send('POST', `/api/reviews/${id}/delete`, {}, s.token)).statusCode).toBe(200);
    expect((await stars(TP.plain)).stars1).toBe(0);
    expect((await ctx.send('POST', `/api/reviews/${id}/delete`, {}, s.token)).statusCode).toBe(404);
  });

  it('publishes at once when the shop says so, except a review with a link, a phone number or a blocked word', async () => {
    await ctx.send('POST', '/api/staff/reviews/settings', { publishAtOnce: true, blockList: ['Garbage'] });
    try {
      const plain = await buyer('Instant', TP.preOrder, '|');
      expect((await write(plain.token, draft(TP.preOrder))).json()).toMatchObject({ message: REVIEW_MESSAGES.submittedPublished, review: { status: 'approved' } });
      for (const [name, body] of [
        ['Linker', 'Cheaper copies at https://example.test if you ask me nicely.'],
        ['Caller', 'Call me on 503 555 0142 and I will sell you mine today.'],
        ['Hater', 'Total garbage, the paint came off on the first day I had it.'],
      ]) {
        const s = await buyer(name, TP.preOrder, '|');
        expect((await write(s.token, draft(TP.preOrder, { body }))).json().review.status).toBe('pending');
      }
      const queue = (await ctx.get('/api/staff/reviews?status=pending')).json();
      expect(queue.reviews.map((r: { heldReason: string }) => r.heldReason)).toEqual(expect.arrayContaining(['link', 'phone', 'blocked word']));
    } finally {
      await ctx.send('POST', '/api/staff/reviews/settings', { publishAtOnce: false, blockList: [] });
    }
  });

  it('refuses bad text with a clear message before any rule reads it', async () => {
    const s = await buyer('Careful');
    const cases: [Record<string, unknown>, string][] = [
      [{ body: 'Too short.' }, REVIEW_MESSAGES.bodyTooShort],
      [{ title: 'Nice\u202Egpj.exe' }, REVIEW_MESSAGES.control],
      [{ rating: 6 }, REVIEW_MESSAGES.rating],
    ];
    for (const [over, message] of cases) {
      const res = await write(s.token, draft(TP.sale, over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const huge = await write(s.token, draft(TP.sale, { body: `${'1 '.repeat(500_000)}` }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(TEXT_TOO_LONG_MESSAGE);
    expect((await write(s.token, draft(TP.sale, { html: '<b>' }))).statusCode).toBe(400);
  });

  it('allows five reviews an hour per account', async () => {
    const s = await buyer('Busy');
    for (let i = 0; i < 5; i++) expect((await write(s.token, draft(TP.sale, { rating: 1 + i }))).statusCode).toBeLessThan(300);
    const sixth = await write(s.token, draft(TP.sale));
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows three times as many per address, whoever writes', async () => {
    const shared = '127.1.0.9';
    let accepted = 0;
    for (let i = 0; i < 4; i++) {
      const s = await buyer(`Neighbour${i}`);
      for (let j = 0; j < 5; j++) if ((await write(s.token, draft(TP.sale), shared)).statusCode < 300) accepted++;
    }
    expect(accepted).toBe(15);
  });
});

describe('other shoppers', () => {
  it('a helpful vote counts once per account, can be taken back, and never on one’s own review', async () => {
    const author = await buyer('Author');
    const id = (await write(author.token, draft(TP.sale))).json().review._id as string;
    await approve(id);
    const reader = await makeShopper(ctx.app, 'Reader');
    const vote = (helpful: boolean, token = reader.token) => ctx.send('POST', `/api/reviews/${id}/helpful`, { helpful }, token);
    expect((await vote(true)).json()).toMatchObject({ helpful: 1, votedHelpful: true });
    expect((await vote(true)).json()).toMatchObject({ helpful: 1, votedHelpful: true });
    expect((await list(TP.sale, '?sort=helpful', reader.token)).reviews[0]).toMatchObject({ _id: id, votedHelpful: true });
    expect((await vote(false)).json()).toMatchObject({ helpful: 0, votedHelpful: false });
    expect((await vote(false)).json()).toMatchObject({ helpful: 0 });
    expect((await vote(true, author.token)).statusCode).toBe(403);
  });

  it('reports from three different accounts hold a review again; one account counts once', async () => {
    const author = await buyer('Reported', TP.comingSoon, '|');
    const id = (await write(author.token, draft(TP.comingSoon, { rating: 3 }))).json().review._id as string;
    await approve(id);
    expect((await stars(TP.comingSoon)).stars3).toBe(1);
    const report = (token: string) => ctx.send('POST', `/api/reviews/${id}/report`, { reason: 'Not about the product' }, token);
    const first = await makeShopper(ctx.app, 'First');
    for (let i = 0; i < 3; i++) expect((await report(first.token)).statusCode).toBe(200);
    expect((await list(TP.comingSoon)).reviews.map((r) => r._id)).toContain(id);
    await report((await makeShopper(ctx.app, 'Second')).token);
    await report((await makeShopper(ctx.app, 'Third')).token);
    expect((await list(TP.comingSoon)).reviews.map((r) => r._id)).not.toContain(id);
    expect((await stars(TP.comingSoon)).stars3).toBe(0);
    const reported = (await ctx.get('/api/staff/reviews?status=reported')).json();
    expect(reported.reviews.find((r: { _id: string }) => r._id === id)).toMatchObject({ reportCount: 3, heldReason: 'reports', status: 'pending' });
  });

  it('the shop’s reply shows under the review; staff decisions are in the audit log', async () => {
    const author = await buyer('Replied');
    const id = (await write(author.token, draft(TP.sale))).json().review._id as string;
    await approve(id);
    expect((await ctx.send('POST', `/api/staff/reviews/${id}/reply`, { text: 'Thank you, Replied!' })).statusCode).toBe(200);
    expect((await list(TP.sale)).reviews.find((r) => r._id === id)?.shopReply).toBe('Thank you, Replied!');
    const audit = (await ctx.get(`/api/staff/audit?entity=review&id=${id}`)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['approve', 'reply']));
    const shopper = await makeShopper(ctx.app, 'Nosy');
    expect((await ctx.get('/api/staff/reviews', shopper.token)).statusCode).toBe(403);
  });

  it('pages ten at a time and filters by stars', async () => {
    const page = await list(TP.sale, '?stars=5&page=1');
    expect(page.reviews.every((r) => r.rating === 5)).toBe(true);
    expect(page.reviews.length).toBeLessThanOrEqual(10);
    expect(page.summary.count).toBe(page.summary.distribution.reduce((a, b) => a + b, 0));
    expect(page.total).toBe(page.summary.distribution[4]);
    expect((await list(TP.sale)).total).toBe(page.summary.count);
    expect((await ctx.app.inject({ url: `/api/reviews/product/${TP.sale}?sort=random` })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/reviews/product/cccccccccccccccccccccccc' })).statusCode).toBe(404);
  });
});

describe('review invitations', () => {
  it('a signed link opens the form for its product; tampered, expired or foreign tokens do not', async () => {
    const s = await makeShopper(ctx.app, 'Invited');
    const token = await ctx.app.reviewInvites.create({ userId: s.id, productId: TP.sale });
    expect((await ctx.get(`/api/reviews/invite?token=${token}`)).json()).toEqual({ success: true, productId: TP.sale });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, s.token, 'not-a-token']) {
      const res = await ctx.get(`/api/reviews/invite?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REVIEW_MESSAGES.inviteInvalid);
    }
    const later = new ReviewInvites('test-secret-test-secret-test-secret-0123', () => Date.now() + (REVIEW_INVITE_TTL_SECONDS + 60) * 1000);
    expect(await later.verify(token)).toBeNull();
    const sooner = new ReviewInvites('test-secret-test-secret-test-secret-0123', () => Date.now() + (REVIEW_INVITE_TTL_SECONDS - 60) * 1000);
    expect(await sooner.verify(token)).toEqual({ userId: s.id, productId: TP.sale });
  });
});

describe('stars on the catalog', () => {
  it('the product list carries each product’s average and count once it has approved reviews', async () => {
    const product = async (id: string) => ((await ctx.app.inject('/api/product/list')).json().products as { _id: string; rating?: number; reviewCount?: number }[]).find((p) => p._id === id);
    expect(await product(TP.cheap)).not.toHaveProperty('rating');
    const a = await buyer('Cheap One', TP.cheap, '|');
    const b = await buyer('Cheap Two', TP.cheap, '|');
    await approve((await write(a.token, draft(TP.cheap, { rating: 5 }))).json().review._id);
    await approve((await write(b.token, draft(TP.cheap, { rating: 4 }))).json().review._id);
    ctx.app.catalog.invalidateLocal();
    expect(await product(TP.cheap)).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });
});

describe('a product’s review pages', () => {
  const pagesVersion = async (productId: string) => (await stars(productId))?.version ?? 0;
  const guest = (productId: string, query = '', headers: Record<string, string> = {}) => ctx.app.inject({ url: `/api/reviews/product/${productId}${query}`, headers });

  it('keep a version bumped by every change a shopper sees on them, in the change’s own transaction', async () => {
    const product = TP.preOrder;
    const initial = { version: await pagesVersion(product), stars: await stars(product) };
    const author = await buyer('Versioned', product, '|');
    const id = (await write(author.token, draft(product, { rating: 4 }))).json().review._id as string;
    // A review waiting for the shop shows nowhere: nothing moves.
    expect(await pagesVersion(product)).toBe(initial.version);
    const steps: [string, () => Promise<unknown>, boolean][] = [
      ['approve', () => approve(id), true],
      ['reject', () => ctx.send('POST', `/api/staff/reviews/${id}/reject`, { reason: 'Please keep to the product' }), true],
      ['approve again', () => approve(id), true],
      ['edit (back to pending)', () => write(author.token, draft(product, { rating: 2, title: 'Second thoughts' })), true],
      ['edit while pending', () => write(author.token, draft(product, { rating: 3, title: 'Third thoughts' })), false],
      ['approve the edit', () => approve(id), true],
    ];
    const reader = await makeShopper(ctx.app, 'Voter');
    const vote = (helpful: boolean) => ctx.send('POST', `/api/reviews/${id}/helpful`, { helpful }, reader.token);
    steps.push(
      ['helpful vote', () => vote(true), true],
      ['the same vote again', () => vote(true), false],
      ['vote taken back', () => vote(false), true],
      ['taken back again', () => vote(false), false],
      ['shop reply', () => ctx.send('POST', `/api/staff/reviews/${id}/reply`, { text: 'Thank you!' }), true],
      ['deleted by its author', () => ctx.send('POST', `/api/reviews/${id}/delete`, {}, author.token), true],
    );
    for (const [name, step, moves] of steps) {
      const before = await pagesVersion(product);
      const res = (await step()) as { statusCode: number };
      expect(res.statusCode, name).toBeLessThan(300);
      expect(await pagesVersion(product), name).toBe(before + (moves ? 1 : 0));
    }
    expect(await stars(product)).toMatchObject({ ...initial.stars, version: initial.version + 9 });
  });

  it('a guest’s page is kept while its version is unchanged and made anew after any change; a logged-in shopper’s is theirs alone', async () => {
    const product = TP.preOrder;
    const author = await buyer('Kept Page', product, '|');
    const id = (await write(author.token, draft(product, { rating: 5 }))).json().review._id as string;
    await approve(id);
    const first = await guest(product);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.json().reviews[0]).toMatchObject({ _id: id, helpful: 0, votedHelpful: false, shopReply: null });
    expect((await guest(product, '', { 'if-none-match': etag })).statusCode).toBe(304);

    // Kept: a row changed behind the repository's back shows only once the version moves.
    await ctx.app.db.update(reviews).set({ title: 'Changed behind its back' }).where(eq(reviews.id, id));
    expect((await guest(product)).json().reviews[0].title).toBe('Crisp and sturdy');

    const reader = await makeShopper(ctx.app, 'Kept Reader');
    await ctx.send('POST', `/api/reviews/${id}/helpful`, { helpful: true }, reader.token);
    const after = await guest(product, '', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().reviews[0]).toMatchObject({ helpful: 1, votedHelpful: false, title: 'Changed behind its back' });
    const mineToo = await guest(product, '', { token: reader.token, 'if-none-match': String(after.headers.etag) });
    expect(mineToo.statusCode).toBe(200);
    expect(mineToo.headers['cache-control']).toBe('no-store');
    expect(mineToo.headers.etag).toBeUndefined();
    expect(mineToo.json().reviews[0]).toMatchObject({ _id: id, helpful: 1, votedHelpful: true });
    // The voter's answer left nothing behind for guests.
    expect((await guest(product)).json().reviews[0].votedHelpful).toBe(false);

    await ctx.send('POST', `/api/staff/reviews/${id}/reply`, { text: 'Glad you like it' });
    expect((await guest(product)).json().reviews[0].shopReply).toBe('Glad you like it');
    const count = (await guest(product)).json().total as number;
    await ctx.send('POST', `/api/reviews/${id}/delete`, {}, author.token);
    const gone = (await guest(product)).json() as ReviewPage;
    expect(gone.reviews.map((r) => r._id)).not.toContain(id);
    expect(gone).toMatchObject({ total: count - 1, summary: { count: count - 1 } });
  });

  it('every order and star filter pages ten at a time, newest first among equals', async () => {
    const product = TP.outOfStock;
    const ratings = [3, 1, 5, 3, 1, 4, 2, 5, 3, 1, 2, 4, 5];
    const ids: string[] = [];
    for (const [i, rating] of ratings.entries()) {
      const s = await buyer(`Sorter ${i}`, product, '|');
      const id = (await write(s.token, draft(product, { rating }))).json().review._id as string;
      await approve(id);
      // Distinct times, oldest first; helpful counts 0, 1, 2 in turn.
      await ctx.app.db
        .update(reviews)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)), helpfulCount: i % 3 })
        .where(eq(reviews.id, id));
      ids.push(id);
    }
    await approve(ids[0]!); // a new version: the pages are made from the rows as changed above
    const all = ratings.map((rating, i) => ({ id: ids[i]!, rating, at: i, helpful: i % 3 }));
    const newest = (a: { at: number }, b: { at: number }) => b.at - a.at;
    const expected: Record<string, typeof all> = {
      recent: [...all].sort(newest),
      highest: [...all].sort((a, b) => b.rating - a.rating || newest(a, b)),
      lowest: [...all].sort((a, b) => a.rating - b.rating || newest(a, b)),
      helpful: [...all].sort((a, b) => b.helpful - a.helpful || newest(a, b)),
    };
    for (const sort of REVIEW_SORTS) {
      const pages = [await list(product, `?sort=${sort}`), await list(product, `?sort=${sort}&page=2`)];
      expect(pages.flatMap((p) => p.reviews.map((r) => r._id)), sort).toEqual(expected[sort]!.map((r) => r.id));
      expect(pages.map((p) => p.reviews.length)).toEqual([10, 3]);
      const threes = await list(product, `?sort=${sort}&stars=3`);
      expect(threes.reviews.map((r) => r._id), `${sort}, 3 stars`).toEqual(expected[sort]!.filter((r) => r.rating === 3).map((r) => r.id));
    }
  });
});
