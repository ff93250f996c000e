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

/**
 * The one spelling of a variant inside a cart key: 'bundle', 'accessory-<index>' or 'color|size'
 * with empty parts for none (never the word 'null'). Every key the client or the server builds goes
 * through here, so the product page, checkout and the server's cart routes agree on one line.
 */
export function variantKey(variant: Variant): string {
  switch (variant.kind) {
    case 'bundle':
      return 'bundle';
    case 'accessory':
      return `accessory-${variant.index}`;
    default:
      return `${variant.color}|${variant.size}`;
  }
}

/** The variant of a product line picked on the product page (no colour or size: an empty part). */
export function productVariant(color: string | null | undefined, size: string | null | undefined): string {
  return variantKey({ kind: 'product', color: color ?? '', size: size ?? '' });
}

/**
 * The cart key of a line as it arrives (a request's `color`, a buy-now item): in the normal form of
 * `variantKey` when the variant parses ('Red|null' → 'Red|', 'accessory-01' → 'accessory-1'),
 * else with the trimmed text as it is (whoever checks the line then reports it as malformed).
 */
export function cartLineKey(itemId: string, variantText: string): string {
  const text = variantText.trim();
  const variant = parseVariant(text);
  return cartKey(itemId, variant ? variantKey(variant) : text);
}

export function splitCartKey(key: string): { itemId: string; variant: string } | null {
  const at = key.indexOf('_');
  if (at <= 0) return null;
  return { itemId: key.slice(0, at), variant: key.slice(at + 1) };
}

/** The longest variant text a line may carry (a colour and a size name with room to spare). */
export const MAX_VARIANT_LENGTH = 200;

/**
 * Parses a variant string; the word 'null' in a part means empty. Returns null when malformed,
 * and a text longer than any variant is malformed before any pattern reads it.
 */
export function parseVariant(variant: string): Variant | null {
  if (variant.length > MAX_VARIANT_LENGTH) return null;
  if (variant === 'bundle') return { kind: 'bundle' };
  const acc = /^accessory-(\d{1,3})$/.exec(variant);
  if (acc) return { kind: 'accessory', index: Number(acc[1]) };
  const parts = variant.split('|');
  if (parts.length !== 2) return null;
  const clean = (p: string) => (p === 'null' ? '' : p);
  return { kind: 'product', color: clean(parts[0]), size: clean(parts[1]) };
}

export const MAX_LINE_QUANTITY = 99;

/** The parts of a product that decide which variants it offers. */
export type VariantSource = {
  colorVariants: ReadonlyArray<{ color: string }>;
  clothingSizes: readonly string[];
  canvasSizes: readonly string[];
  accessories: readonly unknown[];
};

/**
 * Why `variant` is not something `product` offers, or null when it is. A product line needs one
 * of the listed colors (empty when the product has none) and one of the listed sizes (empty when
 * it has none); an accessory line an existing accessory index. Bundles are not product variants:
 * callers decide what a 'bundle' line means (the server refuses it, the client keeps it local).
 */
export function variantProblem(product: VariantSource, variant: Variant): string | null {
  if (variant.kind === 'bundle') return 'A bundle is not a variant of a product';
  if (variant.kind === 'accessory') {
    return variant.index < product.accessories.length ? null : `This product has no accessory number ${variant.index}`;
  }
  const colors = product.colorVariants.map((c) => c.color);
  if (colors.length === 0 && variant.color) return 'This product does not come in colors';
  if (colors.length > 0 && !colors.includes(variant.color)) {
    return variant.color ? `This product does not come in ${variant.color}` : 'Please choose a color';
  }
  const sizes = [...product.clothingSizes, ...product.canvasSizes];
  if (sizes.length === 0 && variant.size) return 'This product does not come in sizes';
  if (sizes.length > 0 && !sizes.includes(variant.size)) {
    return variant.size ? `This product does not come in size ${variant.size}` : 'Please choose a size';
  }
  return null;
}
