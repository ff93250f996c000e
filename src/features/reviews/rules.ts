import { REVIEW_LIMITS, reviewDraftProblems, type RatingSummary, type ReviewDraft, type ReviewOption, type ReviewSort } from '../../domain/reviews';

/** The sort select's choices, in the order shown. */
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  recent: 'Most recent',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
  helpful: 'Most helpful',
};

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MESSAGES = {
  badType: 'Only JPEG, PNG or WebP photos can be attached.',
  tooLarge: 'A photo can be at most 10 MB.',
  tooMany: `Attach at most ${REVIEW_LIMITS.photosMax} photos.`,
  failed: 'The photo could not be uploaded. Please try again.',
} as const;

/** Why a picked file cannot be attached (checked in the browser first; the server checks the bytes). */
export function photoProblem(file: { size: number; type: string }, attached: number): string | null {
  if (attached >= REVIEW_LIMITS.photosMax) return PHOTO_MESSAGES.tooMany;
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.badType;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

export interface DistributionBar {
  stars: number;
  count: number;
  /** Whole percent of all reviews, for the bar's width. */
  percent: number;
}

/** The 5-to-1 bars under the average. */
export function distributionBars(summary: RatingSummary): DistributionBar[] {
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = summary.distribution[stars - 1] ?? 0;
    return { stars, count, percent: summary.count > 0 ? Math.round((count * 100) / summary.count) : 0 };
  });
}

/** 'Color: Red · Size: M' — the option the author bought, or null when the product has none. */
export function optionLabel(option: ReviewOption): string | null {
  const parts = [option.color ? `Color: ${option.color}` : null, option.size ? `Size: ${option.size}` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

export type DraftProblems = ReturnType<typeof reviewDraftProblems>;

/** The draft's problems once the shopper has tried to send it (none before: no red on a fresh form). */
export function shownDraftProblems(draft: ReviewDraft, showProblems: boolean): DraftProblems {
  return showProblems ? reviewDraftProblems(draft) : {};
}

/** 'Reviews 11–20 of 34' style range for the pager's label. */
export function pageRange(page: number, total: number, pageSize: number = REVIEW_LIMITS.pageSize): string {
  if (total === 0) return 'No reviews';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `Reviews ${from}–${to} of ${total}`;
}

const PHOTO_URL_RE = /^\/uploads\/[0-9a-f]{24}-\d{1,5}\.webp$/;
const MAX_DRAFTS = 20;

/**
 * Drafts read back from the browser's storage: well-formed ones only, each field bounded, at most
 * MAX_DRAFTS products (the newest kept). Never throws.
 */
export function cleanReviewDrafts(raw: unknown): Record<string, ReviewDraft> {
  const out: Record<string, ReviewDraft> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  const entries = Object.entries(raw as Record<string, unknown>).slice(-MAX_DRAFTS);
  for (const [productId, d] of entries) {
    if (!/^[\w-]{1,64}$/.test(productId) || !d || typeof d !== 'object') continue;
    const draft = d as Record<string, unknown>;
    const rating = typeof draft.rating === 'number' && Number.isInteger(draft.rating) && draft.rating >= 0 && draft.rating <= 5 ? draft.rating : 0;
    const title = typeof draft.title === 'string' ? draft.title.slice(0, REVIEW_LIMITS.titleMax * 2) : '';
    const body = typeof draft.body === 'string' ? draft.body.slice(0, REVIEW_LIMITS.bodyMax * 2) : '';
    const photos = Array.isArray(draft.photos) ? draft.photos.filter((p): p is string => typeof p === 'string' && PHOTO_URL_RE.test(p)).slice(0, REVIEW_LIMITS.photosMax) : [];
    out[productId] = { rating, title, body, photos };
  }
  return out;
}

/** How many entries a stored drafts object holds (what a restore may have dropped). */
export function storedDraftCount(raw: unknown): number {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw).length : 0;
}
