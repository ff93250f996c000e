import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Layout } from '../../src/app/layout/Layout';
import type { ModeratedReview } from '../../src/features/staff/moderation/staffReviewsApi';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { makeStore } from '../../src/store/store';
import { fakeSocketFactory } from '../utils/fakeSocket';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

configure({ asyncUtilTimeout: 10_000 });

/** Review moderation in the staff console: the queue by state, approve, reject with a reason, bulk approve. */
const LOGGED_IN = { session: { ...initialSessionState, status: 'authenticated' as const, token: 'tok', role: 'staff' as const } };
const held = (id: string, over: Partial<ModeratedReview> = {}): ModeratedReview => ({
  _id: id,
  productId: 'a'.repeat(24),
  productName: 'Nebula Knight',
  rating: 2,
  title: `Review ${id}`,
  body: 'Call me on 555 123 4567 for a cheaper copy of this figure.',
  author: 'Spam M.',
  authorEmail: 'spam@example.com',
  verifiedBuyer: true,
  option: { color: null, size: null },
  photos: [],
  helpful: 0,
  votedHelpful: false,
  shopReply: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  rejectReason: null,
  heldReason: 'phone',
  reportCount: 0,
  reportReasons: [],
  ...over,
});

describe('staff review moderation', { timeout: 40_000 }, () => {
  it('shows why a review is held, rejects it with a reason, and approves the selected ones at once', async () => {
    const calls: string[] = [];
    let queue = [held('r1'), held('r2', { heldReason: null, body: 'Lovely print, the gold paint is even.' }), held('r3', { heldReason: null, body: 'Arrived quickly and well packed.' })];
    mswServer.use(
      http.get('*/api/user/info', () => HttpResponse.json({ success: true, user: { name: 'Sam', email: 'staff@example.com', role: 'staff' } })),
      http.post('*/api/wishlist/list', () => HttpResponse.json({ success: true, wishlist: [] })),
      http.get('*/api/staff/reviews', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const reviews = status === 'pending' ? queue : [];
        return HttpResponse.json({ success: true, reviews, total: reviews.length, page: 1, pages: 1 });
      }),
      http.post('*/api/staff/reviews/:id/reject', async ({ params, request }) => {
        calls.push(`reject ${params.id} ${JSON.stringify(await request.json())}`);
        queue = queue.filter((r) => r._id !== params.id);
        return HttpResponse.json({ success: true, message: 'Review rejected' });
      }),
      http.post('*/api/staff/reviews/approve', async ({ request }) => {
        const { ids } = (await request.json()) as { ids: string[] };
        calls.push(`approve ${ids.join(',')}`);
        queue = queue.filter((r) => !ids.includes(r._id));
        return HttpResponse.json({ success: true, approved: ids.length, missing: [] });
      }),
    );
    const fake = fakeSocketFactory();
    const store = makeStore(LOGGED_IN, {}, { socketFactory: fake.factory });
    const { user } = renderWithProviders(<Layout />, { route: '/staff/reviews', store });

    const first = await screen.findByRole('article', { name: 'Review r1' });
    expect(within(first).getByText('Held: it holds a phone number')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Reject' }));
    await user.click(within(first).getByRole('button', { name: 'Reject review' }));
    expect(await screen.findByText('Tell the author why the review was not published')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(first).getByLabelText('Reason shown to the author'), 'Phone numbers are not allowed.');
    await user.click(within(first).getByRole('button', { name: 'Reject review' }));
    expect(await screen.findByText('Review rejected')).toBeInTheDocument();
    expect(calls).toEqual(['reject r1 {"reason":"Phone numbers are not allowed."}']);
    expect(await screen.findByRole('article', { name: 'Review r2' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Review r1' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select “Review r2” for approval' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Review r3” for approval' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText('2 reviews approved')).toBeInTheDocument();
    expect(calls[1]).toBe('approve r2,r3');
    expect(await screen.findByText('No pending reviews.')).toBeInTheDocument();
  });
});
