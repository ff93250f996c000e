import { describe, expect, it } from 'vitest';
import { salePrice } from '../../../src/domain/pricing';
import type { Accessory } from '../../../src/domain/types';
import { accessoryPurchase, addedProductLine, canAddAccessory, checkPurchase, MESSAGES, offeredAccessories, parseQuantity, problemSeverity, isValidQuantity, productSizes, purchaseProblem } from '../../../src/features/catalog/purchase';
import { BEST_SELLER_LIMIT, bestSellers, compareFeatured, sortProducts } from '../../../src/features/catalog/sorting';
import { cardPrices, productBadge, accessoryBadge } from '../../../src/features/catalog/badges';
import { shownImageIndex, galleryImages } from '../../../src/features/catalog/gallery';
import { filterProducts } from '../../../src/features/catalog/filters';
import { EMPTY_FILTERS, PRICE_MAX, type StoreFilters } from '../../../src/domain/storeQuery';
import { badgePercent } from '../../../src/domain/pricing';
import { isListed } from '../../../src/domain/listing';
import { isUnavailable, productsByIds, bundleSuggestions, relatedProducts } from '../../../src/features/catalog/related';
import { NOW, makeProduct, products } from '../../fixtures/catalog';


describe('best sellers', () => {
  it('keeps flagged products, newest first, at most 5', () => {
    expect(bestSellers(products).map((p) => p._id)).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(BEST_SELLER_LIMIT).toBe(5);
  });

  it('never includes vaulted or notAvailableYet products, however new', () => {
    const ids = bestSellers(products, 100).map((p) => p._id);
    expect(ids).not.toContain('vault');
    expect(ids).not.toContain('future');
    expect(ids).not.toContain('plain');
  });

  it('keeps the server order for equal dates', () => {
    const tie = [
      makeProduct({ _id: 'x', bestseller: true, date: NOW }),
      makeProduct({ _id: 'y', bestseller: true, date: NOW }),
      makeProduct({ _id: 'z', bestseller: true, date: NOW + 1 }),
    ];
    expect(bestSellers(tie).map((p) => p._id)).toEqual(['z', 'x', 'y']);
  });

  it('treats an invalid date as the oldest and does not mutate its input', () => {
    const list = [
      makeProduct({ _id: 'bad', bestseller: true, date: Number.NaN }),
      makeProduct({ _id: 'ok', bestseller: true, date: 1 }),
    ];
    const copy = [...list];
    expect(bestSellers(list).map((p) => p._id)).toEqual(['ok', 'bad']);
    expect(list).toEqual(copy);
  });

  it('returns fewer when fewer qualify, none for an empty list', () => {
    expect(bestSellers(products.slice(0, 2)).map((p) => p._id)).toEqual(['b1', 'b3']);
    expect(bestSellers([])).toEqual([]);
  });
});

describe('product badge', () => {
  const base = { discount: 0 };
  it('follows the priority: out of stock, pre-order, coming soon, new, limited, sale', () => {
    const all = { outOfStock: true, preOrder: true, comingSoon: true, isNewProduct: true, limitedEdition: true, discount: 30 };
    expect(productBadge(all)?.kind).toBe('outOfStock');
    expect(productBadge({ ...all, outOfStock: false })?.kind).toBe('preOrder');
    expect(productBadge({ ...all, outOfStock: false, preOrder: false })?.kind).toBe('comingSoon');
    expect(productBadge({ ...all, outOfStock: false, preOrder: false, comingSoon: false })?.kind).toBe('new');
    expect(productBadge({ ...base, limitedEdition: true, discount: 30 })?.kind).toBe('limited');
    expect(productBadge({ discount: 30 })).toEqual({ kind: 'sale', label: '-30%' });
  });

  it('rounds the sale percent to the nearest 10', () => {
    expect(productBadge({ discount: 24 })?.label).toBe('-20%');
    expect(productBadge({ discount: 25 })?.label).toBe('-30%');
    expect(productBadge({ discount: 3 })?.label).toBe('Sale');
  });

  it('shows no badge for a plain product', () => {
    expect(productBadge(base)).toBeNull();
    expect(productBadge({ discount: Number.NaN })).toBeNull();
  });

  it('labels each kind', () => {
    expect(productBadge({ ...base, outOfStock: true })?.label).toBe('Out of Stock');
    expect(productBadge({ ...base, preOrder: true })?.label).toBe('Pre-Order');
    expect(productBadge({ ...base, comingSoon: true })?.label).toBe('Coming Soon');
    expect(productBadge({ ...base, isNewProduct: true })?.label).toBe('New');
    expect(productBadge({ ...base, limitedEdition: true })?.label).toBe('Limited Edition');
  });
});

describe('card prices', () => {
  it('gives the sale price to 2 decimals when discounted', () => {
    expect(cardPrices({ price: 19.99, discount: 15 })).toEqual({ price: 19.99, sale: 16.99 });
    expect(cardPrices({ price: 40, discount: 0 })).toEqual({ price: 40, sale: null });
  });
});

describe('product page rules', () => {
  const knight = makeProduct({
    _id: 'knight',
    name: 'Knight',
    price: 40,
    discount: 25,
    image: ['/img/knight.svg'],
    colorVariants: [
      { color: 'Silver', image: '/img/knight-silver.svg' },
      { color: 'Gold', image: '/img/knight.svg' },
    ],
    clothingSizes: ['M', 'L'],
  });
  const accessory = (over: Partial<Accessory> = {}): Accessory => ({
    name: 'Shield',
    price: 5,
    images: ['/img/shield.svg'],
    description: '',
    outOfStock: false,
    comingSoon: false,
    preOrder: false,
    isNew: false,
    limitedEdition: false,
    notAvailableYet: false,
    ...over,
  });

  it('checks the picked options and builds the line with its cart variant', () => {
    expect(checkPurchase(knight, { color: 'Silver', size: 'L', quantityText: '2' })).toEqual({ ok: true, item: { productId: 'knight', variant: 'Silver|L', quantity: 2 } });
    expect(checkPurchase(knight, { color: null, size: 'L', quantityText: '2' })).toEqual({ ok: false, problem: MESSAGES.color });
    expect(checkPurchase(knight, { color: 'Silver', size: 'L', quantityText: ' ' })).toEqual({ ok: false, problem: 'Please enter a valid quantity' });
    expect(checkPurchase(makeProduct({ _id: 'plain' }), { color: null, size: null, quantityText: '1' })).toEqual({ ok: true, item: { productId: 'plain', variant: '|', quantity: 1 } });
  });

  it('reads the quantity box: empty or not a number is NaN', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('')).toBeNaN();
    expect(parseQuantity('  ')).toBeNaN();
    expect(parseQuantity('x')).toBeNaN();
    expect(parseQuantity('2.5')).toBe(2.5);
  });

  it('warns for what the shopper can fix, errs for what they cannot', () => {
    expect([MESSAGES.color, MESSAGES.size, MESSAGES.quantity].map(problemSeverity)).toEqual(['warning', 'warning', 'warning']);
    expect([MESSAGES.outOfStock, MESSAGES.unavailable, MESSAGES.comingSoon].map(problemSeverity)).toEqual(['error', 'error', 'error']);
  });

  it('describes the added line with the colour’s picture and the sale price', () => {
    expect(addedProductLine(knight, { color: 'Silver', size: 'L' }, 2)).toEqual({ name: 'Knight', image: '/img/knight-silver.svg', detail: 'Color: Silver · Size: L', quantity: 2, unitPrice: 30 });
    expect(addedProductLine(knight, { color: null, size: null }, 1)).toMatchObject({ image: '/img/knight.svg', detail: '' });
  });

  it('offers accessories not marked notAvailableYet, keeping their index, and none when hasAccessory is false', () => {
    const p = makeProduct({ _id: 'p', hasAccessory: true, accessories: [accessory({ notAvailableYet: true }), accessory({ name: 'Lance' })] });
    expect(offeredAccessories(p).map(({ accessory: a, index }) => [a.name, index])).toEqual([['Lance', 1]]);
    expect(offeredAccessories({ ...p, hasAccessory: false })).toEqual([]);
  });

  it('adds an accessory only when it is for sale and its product is not vaulted', () => {
    const p = makeProduct({ _id: 'p', name: 'Knight', hasAccessory: true, accessories: [accessory(), accessory({ outOfStock: true }), accessory({ comingSoon: true })] });
    expect(canAddAccessory(p, p.accessories[0]!)).toBe(true);
    expect(canAddAccessory({ vaulted: true }, p.accessories[0]!)).toBe(false);
    expect(accessoryPurchase(p, 0)).toEqual({ variant: 'accessory-0', added: { name: 'Shield', image: '/img/shield.svg', detail: 'Accessory for Knight', quantity: 1, unitPrice: 5 } });
    expect(accessoryPurchase(p, 1)).toBeNull();
    expect(accessoryPurchase(p, 2)).toBeNull();
    expect(accessoryPurchase(p, 7)).toBeNull();
    expect(accessoryPurchase({ ...p, vaulted: true }, 0)).toBeNull();
  });

  it('shows the chosen picture, else the colour’s, else the first', () => {
    expect(shownImageIndex(knight, null, null)).toBe(0);
    expect(shownImageIndex(knight, null, 'Silver')).toBe(1);
    expect(shownImageIndex(knight, null, 'Gold')).toBe(0);
    expect(shownImageIndex(knight, 1, 'Gold')).toBe(1);
    expect(shownImageIndex(knight, 9, 'Silver')).toBe(1);
  });
});


const DAY = 86_400_000;
const ids = (list: { _id: string }[]) => list.map((p) => p._id);
const f = (over: Partial<StoreFilters>): StoreFilters => ({ ...EMPTY_FILTERS, ...over });

describe('sale price (shared domain rule)', () => {
  it('takes the discount percent off, to 2 decimals', () => {
    expect(salePrice({ price: 40, discount: 25 })).toBe(30);
    expect(salePrice({ price: 19.99, discount: 15 })).toBe(16.99);
    expect(salePrice({ price: 10.005, discount: 0 })).toBe(10.01);
    expect(salePrice({ price: 33.333333, discount: 33.3333 })).toBe(22.22);
  });

  it('handles discount 0 and 100, and clamps bad discounts', () => {
    expect(salePrice({ price: 12.5, discount: 0 })).toBe(12.5);
    expect(salePrice({ price: 12.5, discount: 100 })).toBe(0);
    expect(salePrice({ price: 12.5, discount: 150 })).toBe(0);
    expect(salePrice({ price: 12.5, discount: -20 })).toBe(12.5);
    expect(salePrice({ price: 12.5, discount: Number.NaN })).toBe(12.5);
  });

  it('rounds the badge percent to the nearest 10', () => {
    expect([0, 4, 5, 14, 15, 25, 99, 100].map(badgePercent)).toEqual([0, 0, 10, 10, 20, 30, 100, 100]);
  });
});

describe('badges', () => {
  it('shows a 100% discount as -100% and keeps priority over sale', () => {
    expect(productBadge({ discount: 100 })).toEqual({ kind: 'sale', label: '-100%' });
    expect(productBadge({ discount: 100, limitedEdition: true })?.kind).toBe('limited');
  });

  it('gives accessories the same priority, reading isNew', () => {
    expect(accessoryBadge({ isNew: true })).toEqual({ kind: 'new', label: 'New' });
    expect(accessoryBadge({ isNew: true, preOrder: true })?.kind).toBe('preOrder');
    expect(accessoryBadge({ outOfStock: true, comingSoon: true })?.kind).toBe('outOfStock');
    expect(accessoryBadge({})).toBeNull();
  });
});

describe('featured order', () => {
  it('puts coming soon, pre-order, new, in stock, then out of stock; newest first within each', () => {
    const list = [
      makeProduct({ _id: 'oos', outOfStock: true, date: NOW }),
      makeProduct({ _id: 'old', date: NOW - 9 * DAY }),
      makeProduct({ _id: 'fresh', date: NOW - 1 * DAY }),
      makeProduct({ _id: 'new', isNewProduct: true, date: NOW - 5 * DAY }),
      makeProduct({ _id: 'pre', preOrder: true, date: NOW - 20 * DAY }),
      makeProduct({ _id: 'soon', comingSoon: true, date: NOW - 30 * DAY }),
      makeProduct({ _id: 'vault', vaulted: true, date: NOW }),
    ];
    expect(ids(sortProducts(list))).toEqual(['soon', 'pre', 'new', 'fresh', 'old', 'oos', 'vault']);
  });

  it('orders by the first flag that differs (coming soon beats pre-order, even when out of stock)', () => {
    const a = makeProduct({ _id: 'a', comingSoon: true, outOfStock: true });
    const b = makeProduct({ _id: 'b', preOrder: true, isNewProduct: true });
    expect(compareFeatured(a, b)).toBeLessThan(0);
  });

  it('keeps the input order for complete ties and treats a missing date as the oldest', () => {
    const list = [
      makeProduct({ _id: 'x', date: NOW }),
      makeProduct({ _id: 'nodate', date: undefined as unknown as number }),
      makeProduct({ _id: 'y', date: NOW }),
    ];
    expect(ids(sortProducts(list))).toEqual(['x', 'y', 'nodate']);
  });

  it('does not mutate its input and handles an empty list', () => {
    const list = [makeProduct({ _id: 'a', date: 1 }), makeProduct({ _id: 'b', date: 2 })];
    sortProducts(list);
    expect(ids(list)).toEqual(['a', 'b']);
    expect(sortProducts([])).toEqual([]);
  });
});

describe('picked sorts', () => {
  const list = [
    makeProduct({ _id: 'a', name: 'banana stand', price: 30, discount: 50, date: NOW - 3 * DAY }), // 15
    makeProduct({ _id: 'b', name: 'Apple Box', price: 20, date: NOW - 1 * DAY }), // 20
    makeProduct({ _id: 'c', name: 'cherry Cup', price: 15, date: NOW - 2 * DAY }), // 15 (tie with a)
    makeProduct({ _id: 'd', name: 'Item 10', price: 9.999, date: NOW }),
    makeProduct({ _id: 'e', name: 'Item 9', price: Number.NaN, date: NOW - 4 * DAY }),
  ];

  it('sorts by sale price, ties in input order, a missing price as 0', () => {
    expect(ids(sortProducts(list, 'price-asc'))).toEqual(['e', 'd', 'a', 'c', 'b']);
    expect(ids(sortProducts(list, 'price-desc'))).toEqual(['b', 'a', 'c', 'd', 'e']);
  });

  it('sorts newest first and by name A–Z (case-insensitive, numbers natural)', () => {
    expect(ids(sortProducts(list, 'newest'))).toEqual(['d', 'b', 'c', 'a', 'e']);
    expect(ids(sortProducts(list, 'name-asc'))).toEqual(['b', 'a', 'c', 'e', 'd']);
  });
});

describe('filters', () => {
  const list = [
    makeProduct({ _id: 'marvel-m', subCategory: 'MARVEL', subSubCategory: 'Male', colorVariants: [{ color: 'Red', image: '' }], price: 50 }),
    makeProduct({ _id: 'dc-f', subCategory: 'DC', subSubCategory: 'Female', colorVariants: [{ color: 'Gold', image: '' }], price: 60, discount: 50, limitedEdition: true }),
    makeProduct({ _id: 'spin', mainCategory: 'Fidgets', subCategory: 'Fidget_Spinners', colorVariants: [{ color: 'red', image: '' }, { color: 'Blue', image: '' }], price: 12, isNewProduct: true, bestseller: true, name: 'Whisper Spinner' }),
    makeProduct({ _id: 'vase', mainCategory: 'Decoration', subCategory: 'Home_Decor', price: 150, preOrder: true, description: 'A twisting VASE for dried stems.' }),
    makeProduct({ _id: 'big', mainCategory: 'Decoration', subCategory: 'Wall_Art', price: 400, outOfStock: true }),
  ];

  it('passes everything with no filters', () => {
    expect(ids(filterProducts(list, EMPTY_FILTERS))).toEqual(ids(list));
    expect(filterProducts([], EMPTY_FILTERS)).toEqual([]);
  });

  it('filters by category, subcategory (OR within) and sub-subcategory', () => {
    expect(ids(filterProducts(list, f({ category: 'Decoration' })))).toEqual(['vase', 'big']);
    expect(ids(filterProducts(list, f({ subCategories: ['MARVEL', 'DC'] })))).toEqual(['marvel-m', 'dc-f']);
    expect(ids(filterProducts(list, f({ category: 'Figures', subSubCategories: ['Female'] })))).toEqual(['dc-f']);
    expect(ids(filterProducts(list, f({ category: 'Fidgets', subCategories: ['MARVEL'] })))).toEqual([]);
  });

  it('filters by colour, case-insensitively, and skips products without variants', () => {
    expect(ids(filterProducts(list, f({ colors: ['Red'] })))).toEqual(['marvel-m', 'spin']);
    expect(ids(filterProducts(list, f({ colors: ['blue', 'gold'] })))).toEqual(['dc-f', 'spin']);
    const broken = makeProduct({ _id: 'broken', colorVariants: undefined as unknown as [] });
    expect(filterProducts([broken], f({ colors: ['Red'] }))).toEqual([]);
  });

  it('compares the sale price with the bound; 150 means no upper limit', () => {
    expect(ids(filterProducts(list, f({ maxPrice: 30 })))).toEqual(['dc-f', 'spin']);
    expect(ids(filterProducts(list, f({ maxPrice: 149 })))).toEqual(['marvel-m', 'dc-f', 'spin']);
    expect(ids(filterProducts(list, f({ maxPrice: PRICE_MAX })))).toContain('big');
    expect(ids(filterProducts(list, f({ maxPrice: 0 })))).toEqual([]);
  });

  it('applies the section presets', () => {
    expect(ids(filterProducts(list, f({ section: 'bestsellers' })))).toEqual(['spin']);
    expect(ids(filterProducts(list, f({ section: 'new' })))).toEqual(['spin']);
    expect(ids(filterProducts(list, f({ section: 'sale' })))).toEqual(['dc-f']);
    expect(ids(filterProducts(list, f({ section: 'preorder' })))).toEqual(['vase']);
  });

  it('applies the "more options" as OR between them', () => {
    expect(ids(filterProducts(list, f({ availability: ['limited', 'preOrder'] })))).toEqual(['dc-f', 'vase']);
    expect(ids(filterProducts(list, f({ availability: ['inStock'] })))).toEqual(['marvel-m', 'dc-f', 'spin', 'vase']);
    expect(ids(filterProducts(list, f({ availability: ['new', 'sale'] })))).toEqual(['dc-f', 'spin']);
  });

  it('searches name and description, case-insensitively, trimming the query', () => {
    expect(ids(filterProducts(list, f({ search: '  vase ' })))).toEqual(['vase']);
    expect(ids(filterProducts(list, f({ search: 'WHISPER' })))).toEqual(['spin']);
    expect(ids(filterProducts(list, f({ search: 'nothing like this' })))).toEqual([]);
    const nameless = makeProduct({ _id: 'n', name: undefined as unknown as string, description: undefined as unknown as string });
    expect(filterProducts([nameless], f({ search: 'x' }))).toEqual([]);
  });

  it('combines groups with AND', () => {
    expect(ids(filterProducts(list, f({ category: 'Figures', colors: ['Red'], maxPrice: 55 })))).toEqual(['marvel-m']);
  });
});

describe('listing rules (settings)', () => {
  it('never lists notAvailableYet', () => {
    expect(isListed(makeProduct({ _id: 'a', notAvailableYet: true }))).toBe(false);
    expect(isListed(makeProduct({ _id: 'a' }), undefined)).toBe(true);
  });

  it('hides categories at any level, case-insensitively', () => {
    const p = makeProduct({ _id: 'a', mainCategory: 'Figures', subCategory: 'MARVEL', subSubCategory: 'Female' });
    expect(isListed(p, { hiddenCategories: ['figures'], hiddenProductTags: [] })).toBe(false);
    expect(isListed(p, { hiddenCategories: ['Marvel'], hiddenProductTags: [] })).toBe(false);
    expect(isListed(p, { hiddenCategories: ['female'], hiddenProductTags: [] })).toBe(false);
    expect(isListed(p, { hiddenCategories: ['DC'], hiddenProductTags: [] })).toBe(true);
  });

  it('hides tags by field name or label', () => {
    const oos = makeProduct({ _id: 'a', outOfStock: true });
    const sale = makeProduct({ _id: 'b', discount: 20 });
    expect(isListed(oos, { hiddenCategories: [], hiddenProductTags: ['Out of Stock'] })).toBe(false);
    expect(isListed(oos, { hiddenCategories: [], hiddenProductTags: ['outOfStock'] })).toBe(false);
    expect(isListed(sale, { hiddenCategories: [], hiddenProductTags: ['sale'] })).toBe(false);
    expect(isListed(sale, { hiddenCategories: [], hiddenProductTags: ['vaulted', 'new'] })).toBe(true);
  });
});

describe('related products', () => {
  const me = makeProduct({ _id: 'me', mainCategory: 'Figures', subCategory: 'MARVEL' });
  const list = [
    makeProduct({ _id: 'other1', mainCategory: 'Fidgets', subCategory: 'Stress_Balls' }),
    makeProduct({ _id: 'main1', mainCategory: 'Figures', subCategory: 'DC' }),
    me,
    makeProduct({ _id: 'sub1', mainCategory: 'Figures', subCategory: 'MARVEL' }),
    makeProduct({ _id: 'subOos', mainCategory: 'Figures', subCategory: 'MARVEL', outOfStock: true }),
    makeProduct({ _id: 'subVault', mainCategory: 'Figures', subCategory: 'MARVEL', vaulted: true }),
    makeProduct({ _id: 'subNay', mainCategory: 'Figures', subCategory: 'MARVEL', notAvailableYet: true }),
    makeProduct({ _id: 'main2', mainCategory: 'Figures', subCategory: 'ANIME' }),
    makeProduct({ _id: 'other2', mainCategory: 'Widgets', subCategory: 'DIY_Kits' }),
    makeProduct({ _id: 'sub2', mainCategory: 'Figures', subCategory: 'MARVEL' }),
  ];

  it('gives same subcategory, then same category, then others, at most 4', () => {
    expect(ids(relatedProducts(me, list))).toEqual(['sub1', 'sub2', 'main1', 'main2']);
    expect(ids(relatedProducts(me, list, 10))).toEqual(['sub1', 'sub2', 'main1', 'main2', 'other1', 'other2']);
  });

  it('never suggests itself or unavailable products', () => {
    const all = ids(relatedProducts(me, list, 100));
    for (const id of ['me', 'subOos', 'subVault', 'subNay']) expect(all).not.toContain(id);
    expect(isUnavailable({ outOfStock: true })).toBe(true);
    expect(isUnavailable({})).toBe(false);
  });

  it('returns nothing for an empty list or a limit of 0', () => {
    expect(relatedProducts(me, [])).toEqual([]);
    expect(relatedProducts(me, list, 0)).toEqual([]);
    expect(relatedProducts(me, [me])).toEqual([]);
  });

  it('finds products by id in the ids order, skipping unknown ones', () => {
    const byId = Object.fromEntries(list.map((p) => [p._id, p]));
    expect(ids(productsByIds(['sub2', 'nope', 'main1', 'toString'], byId))).toEqual(['sub2', 'main1']);
    expect(productsByIds([], byId)).toEqual([]);
  });

  it("suggests for a bundle from its first product, never the bundle's own products", () => {
    const inside = [list.find((p) => p._id === 'sub1')!];
    const suggested = ids(bundleSuggestions(inside, list, ['sub1', 'sub2']));
    expect(suggested).not.toContain('sub1');
    expect(suggested).not.toContain('sub2');
    expect(suggested.length).toBeGreaterThan(0);
    expect(bundleSuggestions([], list, [])).toEqual([]);
  });
});

describe('product page purchase checks', () => {
  const full = makeProduct({
    _id: 'p',
    colorVariants: [{ color: 'Red', image: '/r.svg' }, { color: 'Blue', image: '/b.svg' }],
    clothingSizes: ['S', 'M'],
  });
  const ok = { color: 'Red', size: 'M', quantity: 1 };

  it('accepts a complete selection', () => {
    expect(purchaseProblem(full, ok)).toBeNull();
    expect(purchaseProblem(makeProduct({ _id: 'plain' }), { color: null, size: null, quantity: 3 })).toBeNull();
  });

  it('says out of stock first, whatever else is missing', () => {
    expect(purchaseProblem({ ...full, outOfStock: true }, { color: null, size: null, quantity: 0 })).toBe('This product is currently out of stock.');
  });

  it('refuses vaulted, notAvailableYet and coming soon, but allows pre-order', () => {
    expect(purchaseProblem({ ...full, vaulted: true }, ok)).toBe(MESSAGES.unavailable);
    expect(purchaseProblem({ ...full, notAvailableYet: true }, ok)).toBe(MESSAGES.unavailable);
    expect(purchaseProblem({ ...full, comingSoon: true }, ok)).toBe(MESSAGES.comingSoon);
    expect(purchaseProblem({ ...full, preOrder: true }, ok)).toBeNull();
  });

  it('asks for a colour, then a size', () => {
    expect(purchaseProblem(full, { ...ok, color: null })).toBe('Please select a color before adding to cart.');
    expect(purchaseProblem(full, { ...ok, color: 'Green' })).toBe('Please select a color before adding to cart.');
    expect(purchaseProblem(full, { ...ok, size: null })).toBe('Please select a size before adding to cart.');
    expect(purchaseProblem(full, { ...ok, color: null, size: null })).toBe(MESSAGES.color);
    const canvas = makeProduct({ _id: 'c', canvasSizes: ['8x10', '12x16'] });
    expect(purchaseProblem(canvas, { color: null, size: null, quantity: 1 })).toBe(MESSAGES.size);
    expect(purchaseProblem(canvas, { color: null, size: '12x16', quantity: 1 })).toBeNull();
  });

  it('needs a whole quantity of at least 1', () => {
    for (const q of [0, -1, 1.5, Number.NaN, 100]) {
      expect(purchaseProblem(full, { ...ok, quantity: q })).toBe('Please enter a valid quantity');
    }
    expect(isValidQuantity(1)).toBe(true);
    expect(isValidQuantity(99)).toBe(true);
  });

  it('lists sizes and gallery images even with missing fields', () => {
    expect(productSizes({ clothingSizes: undefined as unknown as string[], canvasSizes: ['8x10'] })).toEqual(['8x10']);
    expect(galleryImages({ image: ['/a.svg', '/r.svg', '/a.svg'], colorVariants: [{ color: 'Red', image: '/r.svg' }, { color: 'Blue', image: '/b.svg' }] })).toEqual([
      '/a.svg',
      '/r.svg',
      '/b.svg',
    ]);
    expect(galleryImages({ image: undefined as unknown as string[], colorVariants: undefined as unknown as [] })).toEqual([]);
  });
});
