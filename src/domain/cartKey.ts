/**
 * Cart keys: `<itemId>_<variant>` where variant is 'color|size', 'accessory-<index>' or 'bundle'
 * (SPEC §3, ARCHITECTURE.md). Ids never contain '_' so the first '_' splits the key.
 */
export type Variant =
  | { kind: 'product'; color: string; size: string }
  | { kind: 'accessory'; index: number }
  | { kind: 'bundle' };

export function cartKey(itemId: string, variant: string): string {
  return `${itemId}_${variant}`;
}

export function productVariant(color: string | null | undefined, size: string | null | undefined): string {
  return `${color ?? ''}|${size ?? ''}`;
}

export function splitCartKey(key: string): { itemId: string; variant: string } | null {
  const at = key.indexOf('_');
  if (at <= 0) return null;
  return { itemId: key.slice(0, at), variant: key.slice(at + 1) };
}

/** Parses a variant string; the word 'null' in a part means empty. Returns null when malformed. */
export function parseVariant(variant: string): Variant | null {
  if (variant === 'bundle') return { kind: 'bundle' };
  const acc = /^accessory-(\d{1,3})$/.exec(variant);
  if (acc) return { kind: 'accessory', index: Number(acc[1]) };
  const parts = variant.split('|');
  if (parts.length !== 2) return null;
  const clean = (p: string) => (p === 'null' ? '' : p);
  return { kind: 'product', color: clean(parts[0]), size: clean(parts[1]) };
}

export const MAX_LINE_QUANTITY = 99;
