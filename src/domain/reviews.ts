/**
 * Reviews from verified buyers: the wire shapes and the rules both sides apply (what a review may
 * say, when it is held for a person to read, how an author is named, how the stars add up).
 */

export const REVIEW_LIMITS = {
  titleMax: 120,
  bodyMin: 20,
  bodyMax: 5000,
  photosMax: 4,
  reasonMax: 500,
  replyMax: 2000,
  pageSize: 10,
  /** Reports from this many different accounts hold an approved review again. */
  reportsToHold: 3,
} as const;

export const REVIEW_SORTS = ['recent', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_MESSAGES = {
  rating: 'Choose from 1 to 5 stars.',
  titleRequired: 'Give your review a title.',
  titleTooLong: `The title can be at most ${REVIEW_LIMITS.titleMax} characters.`,
  bodyTooShort: `Tell other shoppers a little more: at least ${REVIEW_LIMITS.bodyMin} characters.`,
  bodyTooLong: `The review can be at most ${REVIEW_LIMITS.bodyMax} characters.`,
  control: 'Remove the invisible control characters from your text.',
  tooManyPhotos: `Attach at most ${REVIEW_LIMITS.photosMax} photos.`,
  notEligible: 'Only shoppers who received this product can review it',
  loginRequired: 'Log in to write a review.',
  submittedPending: 'Thank you! Your review will appear once the shop has read it.',
  submittedPublished: 'Thank you! Your review is published.',
  deleted: 'Your review was deleted.',
  notFound: 'Review not found',
  reported: 'Thank you: the shop will look at this review.',
  ownReview: 'You cannot vote on or report your own review.',
  inviteInvalid: 'This review link is not valid or has expired.',
} as const;

/** Why a review was held for a person to read although the shop publishes at once. */
export type HeldReason = 'link' | 'phone' | 'blocked word' | 'reports';

/** The option a review's author bought, as the product page names it. */
export interface ReviewOption {
  color: string | null;
  size: string | null;
}

/** A review as shoppers read it (approved ones, or the author's own). */
export interface Review {
  _id: string;
  productId: string;
  rating: number;
  title: string;
  body: string;
  /** 'Maria G.' */
  author: string;
  verifiedBuyer: true;
  option: ReviewOption;
  photos: string[];
  helpful: number;
  /** Whether the account asking voted it helpful (false for guests). */
  votedHelpful: boolean;
  shopReply: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The author's own review, with where it stands. */
export interface OwnReview extends Review {
  status: ReviewStatus;
  rejectReason: string | null;
}

export interface RatingSummary {
  /** One decimal, 0 when there is no review. */
  average: number;
  count: number;
  /** Approved reviews per star, index 0 = 1 star … index 4 = 5 stars. */
  distribution: [number, number, number, number, number];
}

export interface ReviewPage {
  success: true;
  summary: RatingSummary;
  reviews: Review[];
  page: number;
  pages: number;
  /** Reviews matching the star filter. */
  total: number;
}

export interface ReviewEligibility {
  success: true;
  canReview: boolean;
  /** Why not, in words for the shopper. */
  reason: string | null;
  option: ReviewOption | null;
  review: OwnReview | null;
}

export interface ReviewDraft {
  rating: number;
  title: string;
  body: string;
  photos: string[];
}

/** Control characters other than line breaks and tabs, and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- the pattern names the characters it refuses
const FORBIDDEN_TEXT = /[\u0000-\u0008\v\f\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const FORBIDDEN_IN_LINE = /[\n\r\t]/u;

/** True when text holds a character no review, reason or reply may store. */
export function hasForbiddenText(text: string, singleLine = false): boolean {
  return FORBIDDEN_TEXT.test(text) || (singleLine && FORBIDDEN_IN_LINE.test(text));
}

/** What is wrong with a draft, field by field (empty when it can be sent). Lengths first, always. */
export function reviewDraftProblems(draft: ReviewDraft): Partial<Record<'rating' | 'title' | 'body' | 'photos', string>> {
  const problems: Partial<Record<'rating' | 'title' | 'body' | 'photos', string>> = {};
  if (!Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5) problems.rating = REVIEW_MESSAGES.rating;
  const title = draft.title.trim();
  if (title.length === 0) problems.title = REVIEW_MESSAGES.titleRequired;
  else if (title.length > REVIEW_LIMITS.titleMax) problems.title = REVIEW_MESSAGES.titleTooLong;
  else if (hasForbiddenText(title, true)) problems.title = REVIEW_MESSAGES.control;
  const body = draft.body.trim();
  if (body.length > REVIEW_LIMITS.bodyMax) problems.body = REVIEW_MESSAGES.bodyTooLong;
  else if (body.length < REVIEW_LIMITS.bodyMin) problems.body = REVIEW_MESSAGES.bodyTooShort;
  else if (hasForbiddenText(body)) problems.body = REVIEW_MESSAGES.control;
  if (draft.photos.length > REVIEW_LIMITS.photosMax) problems.photos = REVIEW_MESSAGES.tooManyPhotos;
  return problems;
}

// Patterns on text already bounded to REVIEW_LIMITS (callers check lengths first); none backtracks
// more than linearly: each is a plain alternation or a bounded run.
const LINK = /\b(?:https?:\/\/|www\.)|\b[a-z0-9-]{1,63}\.(?:com|net|org|io|co|shop|store|biz|info|xyz|ru|cn|link|click|top)\b/iu;
/** Ten or more digits in a row, allowing the separators people type between them. */
const PHONE_DIGITS = /(?:\d[\s().-]{0,3}){9}\d/u;

/**
 * Why a review must be held for a person, whatever the shop's publishing switch says: a link, a
 * phone number or a word from the shop's block list (whole words, any case). Null when none.
 */
export function heldReason(text: string, blockList: readonly string[]): HeldReason | null {
  if (LINK.test(text)) return 'link';
  if (PHONE_DIGITS.test(text)) return 'phone';
  const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}']+/u));
  for (const blocked of blockList) {
    const b = blocked.trim().toLowerCase();
    if (!b) continue;
    if (b.includes(' ') ? text.toLowerCase().includes(b) : words.has(b)) return 'blocked word';
  }
  return null;
}

/** 'Maria G.' from 'maria garcía lópez'; a single name stays as it is; empty → 'Shopper'. */
export function reviewAuthorName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/u).filter(Boolean);
  if (parts.length === 0) return 'Shopper';
  const cap = (s: string) => s.charAt(0).toLocaleUpperCase('en-US') + s.slice(1);
  if (parts.length === 1) return cap(parts[0]);
  const last = [...parts[parts.length - 1]][0].toLocaleUpperCase('en-US');
  return `${cap(parts[0])} ${last}.`;
}

/** Average to one decimal from a star count and sum (integers, so no float drift in the sum). */
export function averageRating(count: number, sum: number): number {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : 0;
}

export function ratingSummary(distribution: readonly number[]): RatingSummary {
  const d = [0, 1, 2, 3, 4].map((i) => Math.max(0, Math.trunc(distribution[i] ?? 0))) as RatingSummary['distribution'];
  const count = d.reduce((a, b) => a + b, 0);
  const sum = d.reduce((a, n, i) => a + n * (i + 1), 0);
  return { average: averageRating(count, sum), count, distribution: d };
}

/** '4.5 out of 5 stars from 12 reviews' — the stars' accessible name. */
export function ratingLabel(average: number, count: number): string {
  return count === 0 ? 'No reviews yet' : `${average.toFixed(1)} out of 5 stars from ${count} ${count === 1 ? 'review' : 'reviews'}`;
}
