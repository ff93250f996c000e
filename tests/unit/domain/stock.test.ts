import { describe, expect, it } from 'vitest';
import { resolveCartLine } from '../../../src/domain/cartLines';
import {
  allOptionVariants,
  bundleAvailable,
  bundleOption,
  optionAvailable,
  optionStockProblem,
  productOptionVariants,
  productSoldOut,
  splitUnits,
  STOCK_MESSAGES,
} from '../../../src/domain/stock';
import type { Bundle, Product } from '../../../src/domain/types';
import { checkPurchase, MESSAGES, soldOutChoice } from '../../../src/features/catalog/purchase';

const FIGURE = { colorVariants: [{ color: 'Red' }, { color: 'Blue' }], clothingSizes: ['S', 'M'], canvasSizes: [], accessories: [{}] };

describe('stock per option: availability follows from the numbers', () => {
  it('an option can be bought when made to order or with a free unit on the shelf', () => {
    expect(optionAvailable({ onHand: 0, reserved: 0, madeToOrder: true })).toBe(true);
    expect(optionAvailable({ onHand: 3, reserved: 2, madeToOrder: false })).toBe(true);
    expect(optionAvailable({ onHand: 3, reserved: 3, madeToOrder: false })).toBe(false);
  });

  it('holds the shelf first and prints the rest; a stocked-only option cannot go beyond the shelf', () => {
    expect(splitUnits({ onHand: 2, reserved: 0, madeToOrder: true }, 5)).toEqual({ fromShelf: 2, toPrint: 3 });
    expect(splitUnits({ onHand: 5, reserved: 1, madeToOrder: false }, 4)).toEqual({ fromShelf: 4, toPrint: 0 });
    expect(splitUnits({ onHand: 5, reserved: 1, madeToOrder: false }, 5)).toBeNull();
  });

  it('lists every purchasable option, and a product is out of stock when none of its colour × size options can be bought', () => {
    expect(productOptionVariants(FIGURE)).toEqual(['Red|S', 'Red|M', 'Blue|S', 'Blue|M']);
    expect(allOptionVariants(FIGURE)).toContain('accessory-0');
    expect(productOptionVariants({ colorVariants: [], clothingSizes: [], canvasSizes: [] })).toEqual(['|']);
    const variants = productOptionVariants(FIGURE);
    expect(productSoldOut(variants, ['Red|S', 'Red|M', 'Blue|S'])).toBe(false);
    expect(productSoldOut(variants, [...variants, 'accessory-0'])).toBe(true);
  });

  it('a bundle holds the option it names (else the first) and is available while every product is', () => {
    const products: Record<string, typeof FIGURE & { soldOutOptions?: string[] }> = { a: { ...FIGURE, soldOutOptions: ['Red|S'] }, b: { ...FIGURE } };
    expect(bundleOption(undefined, 'a', products.a)).toBe('Red|S');
    expect(bundleOption({ a: 'Blue|M' }, 'a', products.a)).toBe('Blue|M');
    expect(bundleAvailable(['a', 'b'], undefined, (id) => products[id])).toBe(false);
    expect(bundleAvailable(['a', 'b'], { a: 'Blue|M' }, (id) => products[id])).toBe(true);
    expect(bundleAvailable(['a', 'missing'], { a: 'Blue|M' }, (id) => products[id])).toBe(false);
  });

  it('words the checkout refusal and the editor refusals for people', () => {
    expect(STOCK_MESSAGES.onlyLeft(5)).toBe('Only 5 left — we updated your cart');
    expect(STOCK_MESSAGES.onlyLeft(0)).toBe('Sold out — we updated your cart');
    const ok = { onHand: 2, madeToOrder: true, printMinutes: 90, material: 'PLA' };
    expect(optionStockProblem(ok)).toBeNull();
    expect(optionStockProblem({ ...ok, onHand: -1 })).toBe('Stock on hand cannot be negative.');
    expect(optionStockProblem({ ...ok, onHand: 1.5 })).toBe('Stock on hand must be a whole number.');
    expect(optionStockProblem({ ...ok, printMinutes: 0 })).toBe('Print time must be at least 1 minute.');
    expect(optionStockProblem({ ...ok, material: '' })).toBe('A made-to-order option needs a material.');
  });
});

describe('the product page and the cart read soldOutOptions', () => {
  const product = {
    _id: 'p1',
    name: 'Owl',
    description: '',
    price: 10,
    discount: 0,
    image: [],
    mainCategory: 'Decoration',
    subCategory: 'Home_Decor',
    colorVariants: [
      { color: 'Amber', image: '' },
      { color: 'Teal', image: '' },
    ],
    clothingSizes: [],
    canvasSizes: [],
    hasAccessory: false,
    accessories: [],
    date: 0,
    soldOutOptions: ['Teal|'],
  } satisfies Product;

  it('a chosen option that cannot be bought says so; the others can be added', () => {
    expect(soldOutChoice(product, 'Teal', null)).toBe('Teal|');
    expect(soldOutChoice(product, 'Amber', null)).toBeNull();
    expect(soldOutChoice(product, null, null)).toBeNull();
    expect(checkPurchase(product, { color: 'Teal', size: null, quantityText: '1' })).toEqual({ ok: false, problem: MESSAGES.optionOutOfStock });
    expect(MESSAGES.optionOutOfStock).toBe('This option is currently out of stock.');
    expect(checkPurchase(product, { color: 'Amber', size: null, quantityText: '1' }).ok).toBe(true);
  });

  it('a cart line of a sold-out option, or of a bundle out of stock, is unavailable', () => {
    const bundle: Bundle = { _id: 'b1', title: 'B', description: '', price: 5, images: [], startDate: '2020-01-01T00:00:00Z', endDate: '2999-01-01T00:00:00Z', cancelled: false, products: ['p1'], outOfStock: true };
    const catalog = { product: (id: string) => (id === 'p1' ? product : undefined), bundle: (id: string) => (id === 'b1' ? bundle : undefined) };
    expect(resolveCartLine('p1_Teal|', 1, catalog, Date.now()).status).toBe('unavailable');
    expect(resolveCartLine('p1_Amber|', 1, catalog, Date.now()).status).toBe('ok');
    expect(resolveCartLine('b1_bundle', 1, catalog, Date.now()).status).toBe('unavailable');
  });
});
