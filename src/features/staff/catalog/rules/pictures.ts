/** Which pictures may be uploaded, and where each lands in a draft. */

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_MESSAGES = {
  tooLarge: 'The picture is larger than 10 MB',
  badType: 'Only JPEG, PNG or WebP pictures can be uploaded',
  failed: 'The picture could not be uploaded. Please try again.',
} as const;

/** The quick check before an upload (the server checks the bytes again): null when it may be sent. */
export function uploadProblem(file: { size: number; type: string }): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.badType;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** Where an uploaded picture goes in the product draft. */
export type PictureTarget = { kind: 'product' } | { kind: 'variant'; index: number } | { kind: 'accessory'; index: number } | { kind: 'bundle' };

/** A stable key per target (upload status, input ids). */
export function pictureTargetKey(t: PictureTarget): string {
  return t.kind === 'variant' || t.kind === 'accessory' ? `${t.kind}-${t.index}` : t.kind;
}
