import { describe, expect, it } from 'vitest';
import {
  REVIEW_MESSAGES,
  averageRating,
  hasForbiddenText,
  heldReason,
  ratingLabel,
  ratingSummary,
  reviewAuthorName,
  reviewDraftProblems,
} from '../../../src/domain/reviews';

const good = { rating: 5, title: 'Crisp print', body: 'The layers are barely visible and the colours match.', photos: [] };

describe('a review draft', () => {
  it('is accepted when stars, title and text are within bounds', () => {
    expect(reviewDraftProblems(good)).toEqual({});
  });

  it('names each problem in words for the shopper', () => {
    expect(reviewDraftProblems({ ...good, rating: 0 }).rating).toBe(REVIEW_MESSAGES.rating);
    expect(reviewDraftProblems({ ...good, rating: 4.5 }).rating).toBe(REVIEW_MESSAGES.rating);
    expect(reviewDraftProblems({ ...good, title: '   ' }).title).toBe(REVIEW_MESSAGES.titleRequired);
    expect(reviewDraftProblems({ ...good, title: 'x'.repeat(121) }).title).toBe(REVIEW_MESSAGES.titleTooLong);
    expect(reviewDraftProblems({ ...good, body: 'Too short.' }).body).toBe(REVIEW_MESSAGES.bodyTooShort);
    expect(reviewDraftProblems({ ...good, body: 'x'.repeat(5001) }).body).toBe(REVIEW_MESSAGES.bodyTooLong);
    expect(reviewDraftProblems({ ...good, photos: ['a', 'b', 'c', 'd', 'e'] }).photos).toBe(REVIEW_MESSAGES.tooManyPhotos);
  });

  it('refuses control characters and bidirectional overrides, keeps line breaks in the text', () => {
    expect(reviewDraftProblems({ ...good, title: 'Nice\u202Etxt.exe' }).title).toBe(REVIEW_MESSAGES.control);
    expect(reviewDraftProblems({ ...good, title: 'Two\nlines' }).title).toBe(REVIEW_MESSAGES.control);
    expect(reviewDraftProblems({ ...good, body: `${good.body}\u001b[31m` }).body).toBe(REVIEW_MESSAGES.control);
    expect(reviewDraftProblems({ ...good, body: `${good.body}\n\nSecond paragraph.` })).toEqual({});
    expect(hasForbiddenText('plain')).toBe(false);
  });
});

describe('a review held for a person', () => {
  it('when it holds a link, a phone number or a blocked word', () => {
    expect(heldReason('Buy cheaper at https://example.test', [])).toBe('link');
    expect(heldReason('see www.cheap-prints for more', [])).toBe('link');
    expect(heldReason('visit printsdeals.com today', [])).toBe('link');
    expect(heldReason('Call me at (555) 123-4567 for a copy', [])).toBe('phone');
    expect(heldReason('This is garbage quality', ['Garbage'])).toBe('blocked word');
    expect(heldReason('Looks great on my shelf, 10/10, 3.5 inches tall', ['garbage'])).toBeNull();
    // A blocked word inside another word is not that word.
    expect(heldReason('Scunthorpe fans will love it', ['cunt'])).toBeNull();
  });

  it('answers at once on long adversarial text', () => {
    // Bounded by the draft's limit before any pattern runs; the patterns themselves are linear.
    const text = `${'1 '.repeat(2000)}x${'.'.repeat(900)}`;
    expect(heldReason(text.slice(0, 5000), ['word'])).toBe('phone');
    expect(heldReason('a-'.repeat(2500), [])).toBeNull();
  });
});

describe('authors and stars', () => {
  it('shows an author as first name and last initial', () => {
    expect(reviewAuthorName('maria garcía lópez')).toBe('Maria L.');
    expect(reviewAuthorName('Ada Lovelace')).toBe('Ada L.');
    expect(reviewAuthorName('Prince')).toBe('Prince');
    expect(reviewAuthorName('   ')).toBe('Shopper');
  });

  it('adds up stars to one decimal from integer counts', () => {
    expect(averageRating(3, 13)).toBe(4.3);
    expect(averageRating(0, 0)).toBe(0);
    expect(ratingSummary([1, 0, 0, 2, 5])).toEqual({ average: 4.3, count: 8, distribution: [1, 0, 0, 2, 5] });
    expect(ratingLabel(4.25, 1)).toBe('4.3 out of 5 stars from 1 review');
    expect(ratingLabel(0, 0)).toBe('No reviews yet');
  });
});
