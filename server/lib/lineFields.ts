import { z } from 'zod';
import { MAX_LINE_QUANTITY, MAX_VARIANT_LENGTH } from '../../src/domain/cartKey';
import { PRODUCT_ID_RE } from '../repositories/catalogMapping';

/** A line quantity: a whole number from `min` to 99 (cart updates allow 0, orders start at 1). */
export function lineQuantity(min: 0 | 1) {
  const message = `must be a whole number from ${min} to ${MAX_LINE_QUANTITY}`;
  return z.number({ message }).int(message).min(min, message).max(MAX_LINE_QUANTITY, message);
}

/** A 24-hex-character id (case-insensitive on input); `what` names it in the message: 'a product'. */
export function hexId(what: string) {
  return z
    .string({ message: 'is required' })
    // Bounded before anything else runs on it: a longer text stops the pipe before the pattern.
    .max(64, `must be ${what} id (24 hexadecimal characters)`)
    .trim()
    .toLowerCase()
    .pipe(z.string().regex(PRODUCT_ID_RE, `must be ${what} id (24 hexadecimal characters)`));
}

/** The variant of a line (SPEC §7 calls it color): 'color|size', 'accessory-<index>' or 'bundle'. */
export const variantField = z.string({ message: 'is required (the variant)' }).max(MAX_VARIANT_LENGTH, `must be at most ${MAX_VARIANT_LENGTH} characters`);
