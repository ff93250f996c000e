import { describe, expect, it } from 'vitest';
import { auditRows } from '../../../../src/features/staff/catalog/rules/audit';
import { EMPTY_BUNDLE_DRAFT, bundleState, validateBundle } from '../../../../src/features/staff/catalog/rules/bundles';
import { discountState, validateDiscount } from '../../../../src/features/staff/catalog/rules/discounts';
import { fieldError, fromLocalInput, parseMoney, toLocalInput } from '../../../../src/features/staff/catalog/rules/fields';
import { pickableProducts } from '../../../../src/features/staff/catalog/rules/picker';
import { uploadProblem } from '../../../../src/features/staff/catalog/rules/pictures';
import { EMPTY_PRODUCT_DRAFT, productListQuery, productToDraft, validateProduct, type ProductDraft } from '../../../../src/features/staff/catalog/rules/products';
import { makeProduct } from '../../../fixtures/catalog';

const draft = (over: Partial<ProductDraft> = {}): ProductDraft => ({ ...structuredClone(EMPTY_PRODUCT_DRAFT), name: 'Nebula Knight', price: '59.99', ...over });

describe('product drafts', () => {
  it('turn into the catalog format record the staff API takes', () => {
    const r = validateProduct(
      draft({
        discount: '15',
        subCategory: 'STARWARS',
        subSubCategory: 'Male',
        clothingSizes: 'S, M ,, L',
        canvasSizes: '8x10, 12x16',
        colorVariants: [{ color: ' Navy ', image: '' }, { color: 'Silver', image: '/uploads/abc-1280.webp' }],
        accessories: [{ name: 'Base', price: '9.99', description: '', images: ['/uploads/x-320.webp'], flags: { ...EMPTY_PRODUCT_DRAFT.accessories[0]?.flags, outOfStock: true, comingSoon: false, preOrder: false, isNew: false, limitedEdition: false, notAvailableYet: false } }],
        flags: { ...EMPTY_PRODUCT_DRAFT.flags, bestseller: true },
      }),
    );
    expect('record' in r).toBe(true);
    if (!('record' in r)) return;
    expect(r.record).toMatchObject({
      name: 'Nebula Knight',
      price: 59.99,
      discount: 15,
      mainCategory: 'Figures',
      subCategory: 'STARWARS',
      subSubCategory: 'Male',
      clothingSizes: ['S', 'M', 'L'],
      canvasSizes: ['8x10', '12x16'],
      colorVariants: [{ color: 'Navy' }, { color: 'Silver', image: '/uploads/abc-1280.webp' }],
      accessories: [{ name: 'Base', price: 9.99, images: ['/uploads/x-320.webp'], outOfStock: true }],
      bestseller: true,
      vaulted: false,
    });
    expect(r.record).not.toHaveProperty('date');
  });

  it('name every bad field with the server messages, by the server paths', () => {
    const r = validateProduct(
      draft({
        name: '  ',
        price: '12.345',
        discount: '101',
        mainCategory: 'Fidgets',
        subCategory: 'MARVEL',
        canvasSizes: '12x16, big',
        colorVariants: [{ color: '', image: '' }],
        accessories: [{ ...structuredClone(EMPTY_PRODUCT_DRAFT).accessories[0]!, name: 'Stand', price: '-1', description: '', images: [], flags: {} as never }].map((a) => ({ ...a, flags: { outOfStock: false, comingSoon: false, preOrder: false, isNew: false, limitedEdition: false, notAvailableYet: false } })),
      }),
    );
    expect(r).toEqual({
      errors: {
        name: 'must not be empty',
        price: 'must have at most 2 decimals',
        discount: 'must be 0–100',
        subCategory: 'must be one of Fidget_Spinners, Stress_Balls, Puzzle_Toys, Sensory_Toys, Magnetic_Toys for Fidgets',
        'canvasSizes[1]': 'must look like 12x16',
        'colorVariants[0].color': 'must not be empty',
        'accessories[0].price': 'must be 0 or more',
      },
    });
  });

  it('asks Figures for a figure type', () => {
    expect(validateProduct(draft({ subSubCategory: '' }))).toEqual({ errors: { subSubCategory: 'must be one of Male, Female, Accessories for Figures' } });
  });

  it('keep a loaded product whole: every field survives a round trip', () => {
    const p = makeProduct({
      _id: 'p1',
      mainCategory: 'Decoration',
      subCategory: 'Wall_Art',
      canvasSizes: ['8x10'],
      discount: 10,
      vaulted: true,
      accessories: [{ name: 'Frame', price: 5, images: ['/img/a.svg'], description: 'Oak', isNew: true }],
      colorVariants: [{ color: 'Red', image: '/img/r.svg' }],
    });
    const d = productToDraft(p);
    expect(d.flags.vaulted).toBe(true);
    expect(d.accessories[0]!.flags.isNew).toBe(true);
    const r = validateProduct(d);
    if (!('record' in r)) throw new Error(JSON.stringify(r));
    expect(r.record).toMatchObject({ name: p.name, price: p.price, discount: 10, canvasSizes: ['8x10'], vaulted: true, date: p.date, colorVariants: [{ color: 'Red', image: '/img/r.svg' }] });
    expect(r.record.accessories[0]).toMatchObject({ name: 'Frame', price: 5, description: 'Oak', isNew: true });
    expect(r.record).not.toHaveProperty('subSubCategory');
  });

  it('parse dollars like the server', () => {
    expect(parseMoney('0')).toEqual({ value: 0 });
    expect(parseMoney('19.9')).toEqual({ value: 19.9 });
    expect(parseMoney('abc')).toEqual({ error: 'must be a number of dollars' });
    expect(parseMoney('')).toEqual({ error: 'must be a number of dollars' });
    expect(parseMoney('100001')).toEqual({ error: 'must be at most 100000' });
  });
});

describe('field errors', () => {
  it('show a child path under its input', () => {
    const errors = { 'canvasSizes[2]': 'must look like 12x16', name: 'must not be empty' };
    expect(fieldError(errors, 'canvasSizes')).toBe('must look like 12x16');
    expect(fieldError(errors, 'name')).toBe('must not be empty');
    expect(fieldError(errors, 'price')).toBeUndefined();
    expect(fieldError({ 'accessories[0].price': 'x' }, 'accessories[0].price')).toBe('x');
  });
});

describe('uploads', () => {
  it('refuse other types and files over 10 MB before sending', () => {
    expect(uploadProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(uploadProblem({ type: 'image/gif', size: 1000 })).toBe('Only JPEG, PNG or WebP pictures can be uploaded');
    expect(uploadProblem({ type: 'image/webp', size: 10 * 1024 * 1024 + 1 })).toBe('The picture is larger than 10 MB');
  });
});

describe('product list query', () => {
  it('leaves out empty filters', () => {
    expect(productListQuery({ q: '  ', category: '', flag: '' })).toEqual({});
    expect(productListQuery({ q: ' dragon ', category: 'Fidgets', flag: 'bestseller' })).toEqual({ q: 'dragon', category: 'Fidgets', flag: 'bestseller' });
  });
});

describe('bundles', () => {
  it('check dates, price and products', () => {
    expect(validateBundle({ ...EMPTY_BUNDLE_DRAFT, title: 'Duo', price: '10', startDate: '2026-01-02T10:00', endDate: '2026-01-01T10:00', products: [] })).toEqual({
      errors: { endDate: 'must be after the start date', products: 'must list at least one product id' },
    });
    const r = validateBundle({ ...EMPTY_BUNDLE_DRAFT, title: ' Duo ', price: '79', startDate: '2026-01-01T00:00', endDate: '2026-02-01T00:00', products: ['a'] });
    if (!('record' in r)) throw new Error('expected a record');
    expect(r.record.title).toBe('Duo');
    expect(r.record.startDate).toBe(new Date('2026-01-01T00:00').toISOString());
  });

  it('round-trip a date through the datetime input', () => {
    const iso = '2026-03-04T05:06:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('garbage')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('say where a bundle stands', () => {
    const b = { startDate: '2026-01-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z', cancelled: false };
    expect(bundleState(b, Date.parse('2025-12-31T00:00:00Z'))).toBe('upcoming');
    expect(bundleState(b, Date.parse('2026-01-15T00:00:00Z'))).toBe('active');
    expect(bundleState(b, Date.parse('2026-03-01T00:00:00Z'))).toBe('ended');
    expect(bundleState({ ...b, cancelled: true }, Date.parse('2026-01-15T00:00:00Z'))).toBe('cancelled');
  });

  it('pick products by name, naming selected ids the catalog lacks by their id', () => {
    const catalog = [makeProduct({ _id: 'a', name: 'Dragon' }), makeProduct({ _id: 'b', name: 'Vase' })];
    const r = pickableProducts(catalog, ['b', 'gone'], 'drag');
    expect(r.selected).toEqual([{ id: 'b', name: 'Vase' }, { id: 'gone', name: 'gone' }]);
    expect(r.options.map((p) => p._id)).toEqual(['a']);
  });
});

describe('discount codes', () => {
  it('check code and percentage with the server messages', () => {
    expect(validateDiscount({ code: 'a!', percentage: '0', active: true, expiresAt: '' })).toEqual({
      errors: { code: 'must be 3–32 letters, digits or dashes', percentage: 'must be 1–100' },
    });
    expect(validateDiscount({ code: 'x-12', percentage: '12.5', active: true, expiresAt: '' })).toEqual({ errors: { percentage: 'must be a whole percent' } });
    expect(validateDiscount({ code: 'summer-20', percentage: '20', active: false, expiresAt: '' })).toEqual({ record: { code: 'SUMMER-20', percentage: 20, active: false, expiresAt: null } });
  });

  it('say whether a code works now', () => {
    const now = Date.parse('2026-01-15T00:00:00Z');
    expect(discountState({ active: true, expiresAt: null }, now)).toBe('active');
    expect(discountState({ active: true, expiresAt: '2026-01-01T00:00:00Z' }, now)).toBe('expired');
    expect(discountState({ active: false, expiresAt: null }, now)).toBe('disabled');
  });
});

describe('audit rows', () => {
  it('show who, when and each field from → to', () => {
    const rows = auditRows([
      { _id: '1', entity: 'product', entityId: 'p', action: 'update', actor: { _id: 'u', email: 'staff@shop.test' }, createdAt: '2026-01-01T00:00:00Z', changes: { price: { from: 10, to: 12 }, image: { from: null, to: ['/a'] } } },
      { _id: '2', entity: 'product', entityId: 'p', action: 'create', actor: { _id: null, email: null }, createdAt: '2025-12-01T00:00:00Z', changes: {} },
    ]);
    expect(rows[0]).toEqual({ id: '1', who: 'staff@shop.test', when: '2026-01-01T00:00:00Z', action: 'update', changes: [{ field: 'price', from: '10', to: '12' }, { field: 'image', from: '—', to: '["/a"]' }] });
    expect(rows[1]!.who).toBe('system');
  });
});
