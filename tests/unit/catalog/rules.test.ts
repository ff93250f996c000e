import { describe, expect, it } from 'vitest';
import type { Accessory } from '../../../src/domain/types';
import {
  accessoryPurchase,
  addedProductLine,
  BEST_SELLER_LIMIT,
  bestSellers,
  canAddAccessory,
  cardPrices,
  checkPurchase,
  MESSAGES,
  offeredAccessories,
  parseQuantity,
  problemSeverity,
  productBadge,
  shownImageIndex,
} from '../../../src/features/catalog/rules';
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
