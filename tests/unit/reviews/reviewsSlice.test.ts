import { describe, expect, it, vi } from 'vitest';
import type { RatingSummary } from '../../../src/domain/reviews';
import {
  reviewBodyTyped,
  reviewFormOpened,
  reviewPhotoRemoved,
  reviewPhotoUploaded,
  reviewRatingChosen,
  reviewSaved,
  reviewsPageChosen,
  reviewsSortChosen,
  reviewsStarFilterChosen,
  reviewTitleTyped,
  selectReviewDraft,
  selectReviewsView,
} from '../../../src/features/reviews/reviewsSlice';
import { cleanReviewDrafts, distributionBars, optionLabel, pageRange, photoProblem } from '../../../src/features/reviews/rules';
import { loggedOut } from '../../../src/store/events';
import { PERSIST_KEY } from '../../../src/store/persist';
import { startPersistence } from '../../../src/store/persistence';
import { makeStore } from '../../../src/store/store';
import { memoryStorage, persistedValue } from '../../utils/memoryStorage';

const photo = (n: number) => `/uploads/${'a'.repeat(23)}${n}-640.webp`;

describe('reviews view (sort, star filter, page)', () => {
  it('is per product: another product starts from the defaults', () => {
    const store = makeStore();
    store.dispatch(reviewsSortChosen({ productId: 'p1', sort: 'helpful' }));
    store.dispatch(reviewsPageChosen({ productId: 'p1', page: 3 }));
    expect(selectReviewsView(store.getState(), 'p1')).toMatchObject({ sort: 'helpful', page: 3, stars: null });
    expect(selectReviewsView(store.getState(), 'p2')).toMatchObject({ sort: 'recent', page: 1, stars: null });
  });

  it('a bar filters by its stars, pressed again shows all; any change of filter or sort goes to page 1', () => {
    const store = makeStore();
    store.dispatch(reviewsPageChosen({ productId: 'p1', page: 2 }));
    store.dispatch(reviewsStarFilterChosen({ productId: 'p1', stars: 4 }));
    expect(selectReviewsView(store.getState(), 'p1')).toMatchObject({ stars: 4, page: 1 });
    store.dispatch(reviewsPageChosen({ productId: 'p1', page: 2 }));
    store.dispatch(reviewsStarFilterChosen({ productId: 'p1', stars: 4 }));
    expect(selectReviewsView(store.getState(), 'p1')).toMatchObject({ stars: null, page: 1 });
    store.dispatch(reviewsStarFilterChosen({ productId: 'p1', stars: 9 }));
    expect(selectReviewsView(store.getState(), 'p1').stars).toBeNull();
    store.dispatch(reviewsSortChosen({ productId: 'p1', sort: 'nonsense' as never }));
    expect(selectReviewsView(store.getState(), 'p1').sort).toBe('recent');
  });
});

describe('review draft', () => {
  it('opens from the saved review when editing, keeps typing, caps photos at 4 and is gone once saved', () => {
    const store = makeStore();
    store.dispatch(reviewFormOpened({ productId: 'p1', from: { rating: 4, title: 'Nice', body: 'Printed well, colours as shown.', photos: [photo(1)] } }));
    store.dispatch(reviewRatingChosen({ productId: 'p1', rating: 5 }));
    store.dispatch(reviewRatingChosen({ productId: 'p1', rating: 7 }));
    store.dispatch(reviewTitleTyped({ productId: 'p1', text: 'Lovely' }));
    for (const n of [2, 3, 4, 5]) store.dispatch(reviewPhotoUploaded({ productId: 'p1', url: photo(n) }));
    store.dispatch(reviewPhotoRemoved({ productId: 'p1', index: 0 }));
    expect(selectReviewDraft(store.getState(), 'p1')).toEqual({ rating: 5, title: 'Lovely', body: 'Printed well, colours as shown.', photos: [photo(2), photo(3), photo(4)] });
    store.dispatch(reviewSaved({ productId: 'p1', message: 'Thanks', published: false }));
    expect(selectReviewDraft(store.getState(), 'p1')).toEqual({ rating: 0, title: '', body: '', photos: [] });
  });

  it('leaves with the session', () => {
    const store = makeStore();
    store.dispatch(reviewBodyTyped({ productId: 'p1', text: 'half written' }));
    store.dispatch(loggedOut());
    expect(selectReviewDraft(store.getState(), 'p1').body).toBe('');
  });

  it('survives a reload (only the drafts are stored) and a corrupt stored draft is dropped', async () => {
    const storage = memoryStorage();
    const first = makeStore();
    await startPersistence(first, { storage });
    first.dispatch(reviewFormOpened({ productId: 'p1', from: null }));
    first.dispatch(reviewRatingChosen({ productId: 'p1', rating: 3 }));
    first.dispatch(reviewBodyTyped({ productId: 'p1', text: 'It is smaller than I thought.' }));
    first.dispatch(reviewsSortChosen({ productId: 'p1', sort: 'lowest' }));
    // redux-persist writes one slice per timer tick (as in tests/unit/store/persist.test.ts).
    await vi.waitFor(() => {
      const stored = JSON.parse(JSON.parse(storage.data[`persist:${PERSIST_KEY}`] ?? '{}').reviews ?? 'null');
      expect(stored).toEqual({ drafts: { p1: { rating: 3, title: '', body: 'It is smaller than I thought.', photos: [] } } });
    });

    const second = makeStore();
    await startPersistence(second, { storage });
    expect(selectReviewDraft(second.getState(), 'p1')).toMatchObject({ rating: 3, body: 'It is smaller than I thought.' });
    expect(selectReviewsView(second.getState(), 'p1').sort).toBe('recent');

    const corrupt = memoryStorage({
      [`persist:${PERSIST_KEY}`]: persistedValue({ reviews: { drafts: { p1: { rating: 'five', title: 3, body: 'ok', photos: ['https://evil.example/x.png', photo(1)] }, 'bad id!': {} } }, _persist: { version: 1, rehydrated: true } }),
    });
    const third = makeStore();
    await startPersistence(third, { storage: corrupt });
    expect(third.getState().reviews.drafts).toEqual({ p1: { rating: 0, title: '', body: 'ok', photos: [photo(1)] } });
  });
});

describe('review rules', () => {
  it('bars go 5 to 1 with whole percents', () => {
    const summary: RatingSummary = { average: 4.2, count: 10, distribution: [1, 0, 1, 3, 5] };
    expect(distributionBars(summary)).toEqual([
      { stars: 5, count: 5, percent: 50 },
      { stars: 4, count: 3, percent: 30 },
      { stars: 3, count: 1, percent: 10 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 10 },
    ]);
    expect(distributionBars({ average: 0, count: 0, distribution: [0, 0, 0, 0, 0] }).every((b) => b.percent === 0)).toBe(true);
  });

  it('names the option bought, the page range and what a picked photo may not be', () => {
    expect(optionLabel({ color: 'Red', size: 'M' })).toBe('Color: Red · Size: M');
    expect(optionLabel({ color: null, size: null })).toBeNull();
    expect(pageRange(2, 34)).toBe('Reviews 11–20 of 34');
    expect(pageRange(1, 0)).toBe('No reviews');
    expect(photoProblem({ type: 'image/gif', size: 10 }, 0)).toMatch(/JPEG, PNG or WebP/);
    expect(photoProblem({ type: 'image/png', size: 11 * 1024 * 1024 }, 0)).toMatch(/10 MB/);
    expect(photoProblem({ type: 'image/png', size: 10 }, 4)).toMatch(/at most 4/);
    expect(photoProblem({ type: 'image/webp', size: 10 }, 3)).toBeNull();
  });

  it('keeps at most 20 stored drafts, the newest', () => {
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { rating: 1, title: '', body: '', photos: [] }]));
    const kept = Object.keys(cleanReviewDrafts(many));
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe('p5');
  });
});
