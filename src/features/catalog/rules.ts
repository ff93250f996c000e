import { compareTopRated, meetsMinRating } from './ratings';
import { MAX_LINE_QUANTITY, productVariant } from '../../domain/cartKey';
import { badgePercent, isPurchasable, salePrice } from '../../domain/pricing';
import type { Accessory, Product, Settings } from '../../domain/types';

/** The sale price rule lives in src/domain/pricing (shared with the server); re-exported for screens. */
export { badgePercent, salePrice };

/** At most this many best sellers on the home page (SPEC §9). */
export const BEST_SELLER_LIMIT = 5;

function dateOf(p: Pick<Product, 'date'>): number {
  return Number.isFinite(p.date) ? p.date : 0;
}

/**
 * Best sellers (SPEC §2, §9): flagged `bestseller`, never vaulted or notAvailableYet, newest
 * first, at most `limit`. Equal dates keep the server's list order (the sort is stable), and a
 * missing or invalid date counts as the oldest.
 */
export function bestSellers(products: readonly Product[], limit = BEST_SELLER_LIMIT): Product[] {
  return products
    .filter((p) => p.bestseller === true && !p.vaulted && !p.notAvailableYet)
    .sort((a, b) => dateOf(b) - dateOf(a))
    .slice(0, Math.max(0, limit));
}

export type BadgeKind = 'outOfStock' | 'preOrder' | 'comingSoon' | 'new' | 'limited' | 'sale';

export interface Badge {
  kind: BadgeKind;
  label: string;
}

/**
 * The one badge a product card shows, by the priority of SPEC §4: out of stock, pre-order,
 * coming soon, new, limited edition, on sale. The sale badge shows the discount rounded to the
 * nearest 10 (`badgePercent`, SPEC §9); a discount that rounds to 0 still reads 'Sale'.
 */
export function productBadge(
  p: Pick<Product, 'outOfStock' | 'preOrder' | 'comingSoon' | 'isNewProduct' | 'limitedEdition' | 'discount'>,
): Badge | null {
  if (p.outOfStock) return { kind: 'outOfStock', label: 'Out of Stock' };
  if (p.preOrder) return { kind: 'preOrder', label: 'Pre-Order' };
  if (p.comingSoon) return { kind: 'comingSoon', label: 'Coming Soon' };
  if (p.isNewProduct) return { kind: 'new', label: 'New' };
  if (p.limitedEdition) return { kind: 'limited', label: 'Limited Edition' };
  if (isOnSale(p)) {
    const pct = badgePercent(p.discount);
    return { kind: 'sale', label: pct > 0 ? `-${pct}%` : 'Sale' };
  }
  return null;
}

export function isOnSale(p: Pick<Product, 'discount'>): boolean {
  return Number.isFinite(p.discount) && p.discount > 0;
}

/** Prices a card shows: the list price, and the sale price when discounted. */
export function cardPrices(p: Pick<Product, 'price' | 'discount'>): { price: number; sale: number | null } {
  return { price: p.price, sale: isOnSale(p) ? salePrice(p) : null };
}

// ───────────────────────────── availability ─────────────────────────────

/**
 * Not for sale and not suggested: vaulted, notAvailableYet or out of stock (issue 3's "unavailable"
 * for related products). Coming-soon items may still be suggested: they are shown with their badge.
 */
export function isUnavailable(p: Pick<Product, 'vaulted' | 'notAvailableYet' | 'outOfStock'>): boolean {
  return p.vaulted === true || p.notAvailableYet === true || p.outOfStock === true;
}

/** Accessories carry `isNew` where products carry `isNewProduct`; the badge priority is the same. */
export function accessoryBadge(a: Pick<Accessory, 'outOfStock' | 'preOrder' | 'comingSoon' | 'isNew' | 'limitedEdition'>): Badge | null {
  return productBadge({ ...a, isNewProduct: a.isNew, discount: 0 });
}

// ───────────────────────────── store order ─────────────────────────────

export const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'name-asc', 'top-rated'] as const;
export type SortKey = (typeof SORTS)[number];
export const DEFAULT_SORT: SortKey = 'featured';

export const SORT_LABELS: Record<SortKey, string> = {
  featured: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  'name-asc': 'Name: A–Z',
  'top-rated': 'Top rated',
};

const flag = (v: boolean | undefined) => (v ? 0 : 1);

/**
 * The "Featured" order of SPEC §9: coming soon, then pre-order, then new, then in stock before out
 * of stock, then newest date first. Each criterion breaks the previous one's ties. A vaulted item
 * is not in stock (it cannot be bought), so it sorts with the out-of-stock ones.
 */
export function compareFeatured(a: Product, b: Product): number {
  return (
    flag(a.comingSoon) - flag(b.comingSoon) ||
    flag(a.preOrder) - flag(b.preOrder) ||
    flag(a.isNewProduct) - flag(b.isNewProduct) ||
    Number(a.outOfStock === true || a.vaulted === true) - Number(b.outOfStock === true || b.vaulted === true) ||
    dateOf(b) - dateOf(a)
  );
}

function nameOf(p: Pick<Product, 'name'>): string {
  return typeof p.name === 'string' ? p.name : '';
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** The comparator of a sort key. Every sort is stable: ties keep the input order. */
export function comparatorFor(sort: SortKey): (a: Product, b: Product) => number {
  switch (sort) {
    case 'price-asc':
      return (a, b) => sortPriceCents(a) - sortPriceCents(b);
    case 'price-desc':
      return (a, b) => sortPriceCents(b) - sortPriceCents(a);
    case 'newest':
      return (a, b) => dateOf(b) - dateOf(a);
    case 'name-asc':
      return (a, b) => collator.compare(nameOf(a), nameOf(b));
    case 'top-rated':
      return compareTopRated;
    default:
      return compareFeatured;
  }
}

/** Sale price in cents that never throws on a record with a missing price. */
function sortPriceCents(p: Pick<Product, 'price' | 'discount'>): number {
  const price = Number.isFinite(p.price) ? p.price : 0;
  return Math.round(salePrice({ price, discount: p.discount }) * 100);
}

/** A sorted copy; the input is never mutated. */
export function sortProducts(products: readonly Product[], sort: SortKey = DEFAULT_SORT): Product[] {
  return [...products].sort(comparatorFor(sort));
}

// ───────────────────────────── filtering ─────────────────────────────

export const PRICE_MIN = 0;
export const PRICE_MAX = 150;
export const RELATED_LIMIT = 4;

export const SECTIONS = ['bestsellers', 'new', 'sale', 'preorder'] as const;
export type Section = (typeof SECTIONS)[number];
export const SECTION_LABELS: Record<Section, string> = {
  bestsellers: 'Best sellers',
  new: 'New arrivals',
  sale: 'On sale',
  preorder: 'Pre-order',
};

/** The "more options" checkboxes of the sidebar. */
export const AVAILABILITY = ['inStock', 'new', 'preOrder', 'sale', 'limited'] as const;
export type Availability = (typeof AVAILABILITY)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  inStock: 'In stock',
  new: 'New',
  preOrder: 'Pre-order',
  sale: 'On sale',
  limited: 'Limited edition',
};

/** Everything the store can filter by; empty lists and null mean "no filter". */
export interface StoreFilters {
  category: string | null;
  subCategories: string[];
  subSubCategories: string[];
  colors: string[];
  availability: Availability[];
  /** Upper price bound in dollars; PRICE_MAX means no upper limit. */
  maxPrice: number;
  section: Section | null;
  search: string;
  /** "4 stars & up": the lowest approved-review average shown; null shows every product. */
  minRating: number | null;
}

export const EMPTY_FILTERS: StoreFilters = {
  category: null,
  subCategories: [],
  subSubCategories: [],
  colors: [],
  availability: [],
  maxPrice: PRICE_MAX,
  section: null,
  search: '',
  minRating: null,
};

export function matchesSection(p: Product, section: Section): boolean {
  switch (section) {
    case 'bestsellers':
      return p.bestseller === true;
    case 'new':
      return p.isNewProduct === true;
    case 'sale':
      return isOnSale(p);
    case 'preorder':
      return p.preOrder === true;
  }
}

export function matchesAvailability(p: Product, option: Availability): boolean {
  switch (option) {
    case 'inStock':
      return isPurchasable(p);
    case 'new':
      return p.isNewProduct === true;
    case 'preOrder':
      return p.preOrder === true;
    case 'sale':
      return isOnSale(p);
    case 'limited':
      return p.limitedEdition === true;
  }
}

/** 'Out of Stock', 'out-of-stock', 'outOfStock' → 'outofstock' (settings are typed by hand). */
export function normaliseTag(tag: string): string {
  return String(tag).toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The tags a product carries, normalised, for `hiddenProductTags` (flags by field name and by label). */
export function productTags(p: Product): string[] {
  const tags: string[] = [];
  if (p.outOfStock) tags.push('outofstock');
  if (p.comingSoon) tags.push('comingsoon');
  if (p.preOrder) tags.push('preorder');
  if (p.isNewProduct) tags.push('new', 'isnewproduct');
  if (p.limitedEdition) tags.push('limitededition', 'limited');
  if (p.vaulted) tags.push('vaulted');
  if (p.bestseller) tags.push('bestseller', 'bestsellers');
  if (isOnSale(p)) tags.push('sale', 'onsale');
  return tags;
}

/**
 * Whether the store may show a product at all: never notAvailableYet (SPEC §9), never in a hidden
 * category (main, sub or sub-sub, case-insensitive) and never carrying a hidden tag.
 */
export function isListed(p: Product, settings?: Pick<Settings, 'hiddenCategories' | 'hiddenProductTags'> | null): boolean {
  if (p.notAvailableYet) return false;
  const hiddenCats = settings?.hiddenCategories ?? [];
  if (hiddenCats.length > 0) {
    const cats = [p.mainCategory, p.subCategory, p.subSubCategory].filter(Boolean).map((c) => String(c).toLowerCase());
    if (hiddenCats.some((h) => cats.includes(String(h).toLowerCase()))) return false;
  }
  const hiddenTags = settings?.hiddenProductTags ?? [];
  if (hiddenTags.length > 0) {
    const tags = productTags(p);
    if (hiddenTags.some((t) => tags.includes(normaliseTag(t)))) return false;
  }
  return true;
}

/** Lower-cased name + description, the haystack of the search box. */
export function searchText(p: Pick<Product, 'name' | 'description'>): string {
  return `${nameOf(p)}\n${typeof p.description === 'string' ? p.description : ''}`.toLowerCase();
}

/** Colours of a product's variants (raw names). */
export function productColors(p: Pick<Product, 'colorVariants'>): string[] {
  return Array.isArray(p.colorVariants) ? p.colorVariants.map((v) => v?.color).filter((c): c is string => typeof c === 'string' && c !== '') : [];
}

/**
 * A predicate for the filters (built once per filter change, then run over the whole list).
 * Lists are OR within a group and AND between groups; the search is a case-insensitive substring
 * of name or description; the price compares the sale price with the bound.
 */
export function makeFilter(filters: StoreFilters, haystack: (p: Product) => string = searchText): (p: Product) => boolean {
  const subs = new Set(filters.subCategories);
  const subSubs = new Set(filters.subSubCategories);
  const colors = new Set(filters.colors.map((c) => c.toLowerCase()));
  const needle = filters.search.trim().toLowerCase();
  const maxCents = filters.maxPrice >= PRICE_MAX ? Infinity : Math.round(Math.max(PRICE_MIN, filters.maxPrice) * 100);
  const { category, section, availability } = filters;
  return (p) => {
    if (category && p.mainCategory !== category) return false;
    if (subs.size > 0 && !subs.has(p.subCategory)) return false;
    if (subSubs.size > 0 && !(p.subSubCategory && subSubs.has(p.subSubCategory))) return false;
    if (colors.size > 0 && !productColors(p).some((c) => colors.has(c.toLowerCase()))) return false;
    if (section && !matchesSection(p, section)) return false;
    if (availability.length > 0 && !availability.some((o) => matchesAvailability(p, o))) return false;
    if (maxCents !== Infinity && sortPriceCents(p) > maxCents) return false;
    if (!meetsMinRating(p, filters.minRating)) return false;
    if (needle && !haystack(p).includes(needle)) return false;
    return true;
  };
}

/** Filters (keeping the input order). */
export function filterProducts(products: readonly Product[], filters: StoreFilters): Product[] {
  return products.filter(makeFilter(filters));
}

// ───────────────────────────── related products ─────────────────────────────

/**
 * Up to `limit` suggestions for `product` (SPEC §9): same subCategory first, then same
 * mainCategory, then the rest; never the product itself, never unavailable ones. Within a group
 * the input order is kept.
 */
export function relatedProducts(
  product: Pick<Product, '_id' | 'mainCategory' | 'subCategory'>,
  products: readonly Product[],
  limit = RELATED_LIMIT,
): Product[] {
  const same: Product[] = [];
  const main: Product[] = [];
  const rest: Product[] = [];
  for (const p of products) {
    if (p._id === product._id || isUnavailable(p)) continue;
    if (p.mainCategory === product.mainCategory && p.subCategory === product.subCategory) same.push(p);
    else if (p.mainCategory === product.mainCategory) main.push(p);
    else rest.push(p);
  }
  return [...same, ...main, ...rest].slice(0, Math.max(0, limit));
}

/** Products for a list of ids, in the ids' order, from the products by id; unknown ids are skipped. */
export function productsByIds(ids: readonly string[], byId: Readonly<Record<string, Product | undefined>>): Product[] {
  const out: Product[] = [];
  for (const id of ids) {
    const p = Object.hasOwn(byId, id) ? byId[id] : undefined;
    if (p) out.push(p);
  }
  return out;
}

/** A bundle page's suggestions (SPEC §2): related to the bundle's first product, never a product of the bundle. */
export function bundleSuggestions(inside: readonly Product[], listed: readonly Product[], ids: readonly string[]): Product[] {
  const first = inside[0];
  return first ? relatedProducts(first, listed).filter((p) => !ids.includes(p._id)) : [];
}

// ───────────────────────────── product page ─────────────────────────────

export const MESSAGES = {
  outOfStock: 'This product is currently out of stock.',
  unavailable: 'This product is no longer available.',
  comingSoon: 'This product is coming soon and cannot be ordered yet.',
  color: 'Please select a color before adding to cart.',
  size: 'Please select a size before adding to cart.',
  quantity: 'Please enter a valid quantity',
} as const;

/** The sizes a product offers: clothing sizes, else canvas sizes (a product has one kind). */
export function productSizes(p: Pick<Product, 'clothingSizes' | 'canvasSizes'>): string[] {
  const clothing = Array.isArray(p.clothingSizes) ? p.clothingSizes.filter(Boolean) : [];
  const canvas = Array.isArray(p.canvasSizes) ? p.canvasSizes.filter(Boolean) : [];
  return [...clothing, ...canvas];
}

export interface Selection {
  color: string | null;
  size: string | null;
  quantity: number;
}

/** A quantity the buyer typed: a whole number from 1 to the cart's per-line cap (99). */
export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY;
}

/**
 * Why the selection cannot go to the cart (SPEC §5), or null when it can. Checked in this order:
 * stock and availability, colour (when the product has colour variants), size (when it has
 * clothing or canvas sizes), then the quantity.
 */
export function purchaseProblem(p: Product, sel: Selection): string | null {
  if (p.outOfStock) return MESSAGES.outOfStock;
  if (p.vaulted || p.notAvailableYet) return MESSAGES.unavailable;
  if (p.comingSoon) return MESSAGES.comingSoon;
  const colors = productColors(p);
  if (colors.length > 0 && (!sel.color || !colors.includes(sel.color))) return MESSAGES.color;
  const sizes = productSizes(p);
  if (sizes.length > 0 && (!sel.size || !sizes.includes(sel.size))) return MESSAGES.size;
  if (!isValidQuantity(sel.quantity)) return MESSAGES.quantity;
  return null;
}

/** The item a "Buy now" hands to checkout in navigation state. */
export interface BuyNowItem {
  productId: string;
  variant: string;
  quantity: number;
}

/** Problems the shopper fixes by choosing (a warning); the others say the product cannot be bought (an error). */
export function problemSeverity(problem: string): 'warning' | 'error' {
  return problem === MESSAGES.color || problem === MESSAGES.size || problem === MESSAGES.quantity ? 'warning' : 'error';
}

/** The quantity box's text as a number: NaN when empty or not a number (refused by `isValidQuantity`). */
export function parseQuantity(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** What the shopper picked on a product page, as the store keeps it (the quantity as typed). */
export interface PickedOptions {
  color: string | null;
  size: string | null;
  quantityText: string;
}

/** The line a product page's selection puts into the cart (or hands to checkout), or why it cannot. */
export type PurchaseCheck = { ok: true; item: BuyNowItem } | { ok: false; problem: string };

/** Add to cart and Buy now (SPEC §5): the checks of `purchaseProblem`, then the line with its cart variant. */
export function checkPurchase(p: Product, picked: PickedOptions): PurchaseCheck {
  const quantity = parseQuantity(picked.quantityText);
  const problem = purchaseProblem(p, { color: picked.color, size: picked.size, quantity });
  if (problem) return { ok: false, problem };
  return { ok: true, item: { productId: p._id, variant: productVariant(picked.color, picked.size), quantity } };
}

/** What the "Added to cart" dialog shows about the line just added. */
export interface AddedLine {
  name: string;
  image: string | undefined;
  /** 'Color: Red · Size: M', 'Accessory for …' */
  detail: string;
  quantity: number;
  unitPrice: number;
}

/** The dialog's line for a product added with its picked options. */
export function addedProductLine(p: Product, picked: Pick<PickedOptions, 'color' | 'size'>, quantity: number): AddedLine {
  const variantImage = picked.color ? p.colorVariants.find((v) => v.color === picked.color)?.image : undefined;
  return {
    name: p.name,
    image: variantImage ?? galleryImages(p)[0],
    detail: [picked.color && `Color: ${picked.color}`, picked.size && `Size: ${picked.size}`].filter(Boolean).join(' · '),
    quantity,
    unitPrice: salePrice(p),
  };
}

/** Accessories a product page offers, with their index in the product's list (the cart variant). */
export function offeredAccessories(p: Pick<Product, 'accessories' | 'hasAccessory'>): Array<{ accessory: Accessory; index: number }> {
  if (p.hasAccessory === false) return [];
  return (p.accessories ?? []).map((accessory, index) => ({ accessory, index })).filter(({ accessory }) => !accessory.notAvailableYet);
}

/** Whether an accessory's Add button works: the accessory is for sale and its product is not vaulted. */
export function canAddAccessory(p: Pick<Product, 'vaulted'>, a: Accessory): boolean {
  return isPurchasable(a) && p.vaulted !== true;
}

/** The accessory line for the cart and its dialog line, or null when it cannot be added (see `canAddAccessory`). */
export function accessoryPurchase(p: Product, index: number): { variant: string; added: AddedLine } | null {
  const a = offeredAccessories(p).find((x) => x.index === index)?.accessory;
  if (!a || !canAddAccessory(p, a)) return null;
  return { variant: `accessory-${index}`, added: { name: a.name, image: a.images?.[0], detail: `Accessory for ${p.name}`, quantity: 1, unitPrice: a.price } };
}

/**
 * The gallery picture shown: the one the shopper chose last, else the picked colour's picture,
 * else the first. A choice outside the gallery falls back the same way.
 */
export function shownImageIndex(p: Pick<Product, 'image' | 'colorVariants'>, chosen: number | null, color: string | null): number {
  const images = galleryImages(p);
  if (chosen !== null && chosen >= 0 && chosen < images.length) return chosen;
  const variantImage = color ? p.colorVariants.find((v) => v.color === color)?.image : undefined;
  const at = variantImage ? images.indexOf(variantImage) : -1;
  return at >= 0 ? at : 0;
}

/** The gallery of a product: its images, then variant images not already among them. */
export function galleryImages(p: Pick<Product, 'image' | 'colorVariants'>): string[] {
  const images = (Array.isArray(p.image) ? p.image : typeof p.image === 'string' ? [p.image] : []).filter(
    (u): u is string => typeof u === 'string' && u !== '',
  );
  const out = [...new Set(images)];
  for (const v of Array.isArray(p.colorVariants) ? p.colorVariants : []) {
    if (v?.image && !out.includes(v.image)) out.push(v.image);
  }
  return out;
}
