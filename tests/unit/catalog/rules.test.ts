import { describe, expect, it } from 'vitest';
import { BEST_SELLER_LIMIT, bestSellers, cardPrices, productBadge } from '../../../src/features/catalog/rules';
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
