import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OwnReview, Review, ReviewEligibility, ReviewPage } from '../../src/domain/reviews';
import { Route, Routes } from 'react-router-dom';
import { ReviewInvitePage } from '../../src/features/reviews/ReviewInvitePage';
import { ReviewsSection } from '../../src/features/reviews/ReviewsSection';
import { initialSessionState } from '../../src/features/session/sessionSlice';
import { mswServer } from '../utils/msw';
import { renderWithProviders } from '../utils/renderWithProviders';

configure({ asyncUtilTimeout: 8000 });

const PRODUCT = { _id: 'knight', name: 'Nebula Knight' };
const review = (n: number, over: Partial<Review> = {}): Review => ({
  _id: `r${n}`,
  productId: 'knight',
  rating: 5,
  title: `Review ${n}`,
  body: 'Printed cleanly, the colours match the pictures.',
  author: 'Maria G.',
  verifiedBuyer: true,
  option: { color: 'Navy', size: 'M' },
  photos: [],
  helpful: 2,
  votedHelpful: false,
  shopReply: null,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
  ...over,
});
const summary = { average: 4.3, count: 12, distribution: [1, 0, 1, 3, 7] as [number, number, number, number, number] };
const page = (reviews: Review[], over: Partial<ReviewPage> = {}): ReviewPage => ({ success: true, summary, reviews, page: 1, pages: 2, total: 12, ...over });
const loggedIn = { session: { ...initialSessionState, status: 'authenticated' as const, token: 'tok' } };
const eligibility = (over: Partial<ReviewEligibility> = {}): ReviewEligibility => ({ success: true, canReview: true, reason: null, option: { color: 'Navy', size: 'M' }, review: null, ...over });

function serveList(onRequest?: (url: URL) => void) {
  mswServer.use(
    http.get('*/api/reviews/product/:id', ({ request }) => {
      const url = new URL(request.url);
      onRequest?.(url);
      const stars = url.searchParams.get('stars');
      if (stars === '4') return HttpResponse.json(page([review(20, { rating: 4, title: 'Four stars only' })], { pages: 1, total: 3 }));
      return HttpResponse.json(
        page([
          review(1, { shopReply: 'Thank you, Maria!', photos: ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-640.webp'] }),
          review(2, { title: 'Smaller than expected', rating: 3, option: { color: null, size: null } }),
        ]),
      );
    }),
  );
}

describe('Reviews on the product page', { timeout: 30_000 }, () => {
  it('shows the average, count, bars, verified buyers, the option, photos and the reply; a bar filters the list', async () => {
    const asked: string[] = [];
    serveList((url) => asked.push(url.search));
    const { user } = renderWithProviders(<ReviewsSection product={PRODUCT} />);
    expect(await screen.findByText('4.3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4.3 out of 5 stars from 12 reviews' })).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'Review 1' });
    expect(within(first).getByText('Verified buyer')).toBeInTheDocument();
    expect(within(first).getByText('Color: Navy · Size: M')).toBeInTheDocument();
    expect(within(first).getByText('Thank you, Maria!')).toBeInTheDocument();
    // Guests read, but neither vote nor report; they are told who may write.
    expect(within(first).queryByRole('button', { name: /Helpful/ })).toBeNull();
    expect(screen.getByText(/Only shoppers who received this product can review it/)).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Open photo 1 of 1 from Maria G.' }));
    const viewer = await screen.findByRole('dialog', { name: 'Review photos' });
    expect(within(viewer).getByRole('img', { name: 'Photo 1 of 1 from a review' })).toHaveAttribute('src', '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-640.webp');
    await user.click(within(viewer).getByRole('button', { name: 'Close photos' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /^4\s*stars:\s*3\s*reviews$/ }));
    expect(await screen.findByRole('article', { name: 'Four stars only' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^4\s*stars:\s*3\s*reviews$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(asked).toContain('?stars=4');

    await user.selectOptions(screen.getByLabelText('Sort reviews'), 'Most helpful');
    await waitFor(() => expect(asked).toContain('?sort=helpful&stars=4'));
  });

  it('pages through the reviews with the row of page links under the list', async () => {
    const asked: string[] = [];
    serveList((url) => asked.push(url.search));
    const { user } = renderWithProviders(<ReviewsSection product={PRODUCT} />);
    const pages = await screen.findByRole('navigation', { name: 'Review pages' });
    expect(within(pages).getByRole('button', { name: 'Reviews page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Go to the previous page of reviews' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Go to the next page of reviews' }));
    await waitFor(() => expect(asked.some((q) => /(^\?|&)page=2(&|$)/.test(q))).toBe(true));
    expect(within(pages).getByRole('button', { name: 'Reviews page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Go to the next page of reviews' })).toBeDisabled();
  });

  it('a helpful vote shows at once and goes back with a message when the server refuses', async () => {
    serveList();
    // The server answers only once the optimistic vote has been seen: no race with a slow machine.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mswServer.use(
      http.get('*/api/reviews/mine/:id', () => HttpResponse.json(eligibility({ canReview: false, reason: 'Only shoppers who received this product can review it' }))),
      http.post('*/api/reviews/:id/helpful', async () => {
        await answered;
        return HttpResponse.json({ success: false, message: 'Server down' }, { status: 500 });
      }),
    );
    const { user } = renderWithProviders(<ReviewsSection product={PRODUCT} />, { preloadedState: loggedIn });
    const first = await screen.findByRole('article', { name: 'Review 1' });
    await user.click(within(first).getByRole('button', { name: 'Helpful (2)' }));
    expect(await within(first).findByRole('button', { name: 'Helpful (3)' })).toHaveAttribute('aria-pressed', 'true');
    answer();
    expect(await screen.findByText('Server down')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Helpful (2)' })).toHaveAttribute('aria-pressed', 'false');
    // A shopper without a delivered order sees why they cannot write one.
    expect(screen.getByRole('button', { name: 'Write a review' })).toBeDisabled();
    expect(screen.getByText('Only shoppers who received this product can review it')).toBeInTheDocument();
  });

  it('a helpful vote takes the server count when it is accepted, and a report goes out with its reason', async () => {
    serveList();
    let reported: unknown = null;
    mswServer.use(
      http.get('*/api/reviews/mine/:id', () => HttpResponse.json(eligibility({ canReview: false }))),
      http.post('*/api/reviews/:id/helpful', () => HttpResponse.json({ success: true, helpful: 9, votedHelpful: true })),
      http.post('*/api/reviews/:id/report', async ({ request, params }) => {
        reported = { id: params.id, ...((await request.json()) as object) };
        return HttpResponse.json({ success: true, message: 'Thank you: the shop will look at this review.' });
      }),
    );
    const { user } = renderWithProviders(<ReviewsSection product={PRODUCT} />, { preloadedState: loggedIn });
    const second = await screen.findByRole('article', { name: 'Smaller than expected' });
    await user.click(within(second).getByRole('button', { name: 'Helpful (2)' }));
    expect(await within(second).findByRole('button', { name: 'Helpful (9)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(second).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Say briefly what is wrong with this review.')).toBeInTheDocument();
    expect(reported).toBeNull();
    await user.type(within(dialog).getByLabelText('What is wrong with it?'), 'Advertises another shop');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you: the shop will look at this review.')).toBeInTheDocument();
    expect(reported).toEqual({ id: 'r2', reason: 'Advertises another shop' });
  });

  it('an eligible buyer writes a review: problems show on send, then it goes out and waits for the shop', async () => {
    serveList();
    let sent: unknown = null;
    let mine = eligibility();
    mswServer.use(
      http.get('*/api/reviews/mine/:id', () => HttpResponse.json(mine)),
      http.post('*/api/reviews', async ({ request }) => {
        sent = await request.json();
        const own: OwnReview = { ...review(30, { title: 'Great knight', rating: 4 }), status: 'pending', rejectReason: null };
        mine = eligibility({ review: own });
        return HttpResponse.json({ success: true, message: 'Thank you! Your review will appear once the shop has read it.', review: own }, { status: 201 });
      }),
    );
    const { user, store } = renderWithProviders(<ReviewsSection product={PRODUCT} />, { preloadedState: loggedIn });
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    const form = screen.getByRole('form', { name: 'Write a review' });
    await user.type(within(form).getByLabelText('Title'), 'Great knight');
    await user.type(within(form).getByLabelText('Your review'), 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(within(form).getByText('Choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(within(form).getByText(/at least 20 characters/)).toBeInTheDocument();
    expect(sent).toBeNull();
    // The draft is in the store (a reload keeps it; a QA log shows it).
    expect(store.getState().reviews.drafts.knight).toMatchObject({ title: 'Great knight', body: 'Too short' });

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Your review'), ', but the paint is lovely in hand.');
    await user.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText('Thank you! Your review will appear once the shop has read it.')).toBeInTheDocument();
    expect(sent).toEqual({ productId: 'knight', rating: 4, title: 'Great knight', body: 'Too short, but the paint is lovely in hand.', photos: [] });
    expect(await screen.findByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
    expect(screen.getByText(/Waiting for the shop to read it/)).toBeInTheDocument();
    expect(store.getState().reviews.drafts.knight).toBeUndefined();
  });

  it('photos: picked files are checked, uploaded for this product and attached (4 at most); a wrong type is refused in the browser', async () => {
    serveList();
    const uploads: string[] = [];
    let n = 0;
    mswServer.use(
      http.get('*/api/reviews/mine/:id', () => HttpResponse.json(eligibility())),
      http.post('*/api/reviews/photos', async ({ request }) => {
        const file = (await request.formData()).get('file');
        uploads.push(`${new URL(request.url).search} ${file === null ? 'no file' : 'file'}`);
        n += 1;
        return HttpResponse.json({ success: true, image: { _id: 'x', url: `/uploads/${String(n).padStart(24, '0')}-640.webp` } }, { status: 201 });
      }),
    );
    const { user, store } = renderWithProviders(<ReviewsSection product={PRODUCT} />, { preloadedState: loggedIn });
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    const form = screen.getByRole('form', { name: 'Write a review' });
    const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Add photos'), [png('a.png'), png('b.png')]);
    expect(await within(form).findByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    expect(uploads).toEqual(['?productId=knight file', '?productId=knight file']);

    // The picker's accept list hides other types; a file dropped in anyway is still checked.
    fireEvent.change(within(form).getByLabelText('Add photos'), { target: { files: [new File(['GIF89a'], 'c.gif', { type: 'image/gif' })] } });
    expect(await within(form).findByText('Only JPEG, PNG or WebP photos can be attached.')).toBeInTheDocument();
    expect(uploads).toHaveLength(2);

    await user.upload(within(form).getByLabelText('Add photos'), [png('c.png'), png('d.png')]);
    await waitFor(() => expect(store.getState().reviews.drafts.knight.photos).toHaveLength(4));
    // Full: the picker is gone; a photo can be taken off again.
    expect(within(form).queryByLabelText('Add photos')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Remove photo 1' }));
    expect(store.getState().reviews.drafts.knight.photos).toHaveLength(3);
  });
});

describe('The review link from the e-mail after a delivery', { timeout: 30_000 }, () => {
  function App() {
    return (
      <Routes>
        <Route path="/review" element={<ReviewInvitePage />} />
        <Route path="/product/:id" element={<ReviewsSection product={PRODUCT} />} />
      </Routes>
    );
  }

  it('opens the review form of its product on the product page', async () => {
    serveList();
    mswServer.use(
      http.get('*/api/reviews/invite', ({ request }) =>
        new URL(request.url).searchParams.get('token') === 'signed' ? HttpResponse.json({ success: true, productId: 'knight' }) : HttpResponse.json({ success: false, message: 'no' }, { status: 400 }),
      ),
      http.get('*/api/reviews/mine/:id', () => HttpResponse.json(eligibility())),
    );
    renderWithProviders(<App />, { preloadedState: loggedIn, route: '/review?token=signed' });
    expect(await screen.findByRole('form', { name: 'Write a review' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review the Nebula Knight' })).toBeInTheDocument();
  });

  it('says so when the link expired or was altered', async () => {
    mswServer.use(http.get('*/api/reviews/invite', () => HttpResponse.json({ success: false, message: 'This review link is not valid or has expired.' }, { status: 400 })));
    renderWithProviders(<App />, { preloadedState: loggedIn, route: '/review?token=altered' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This review link is not valid or has expired.');
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/orders');
  });
});
