import { describe, expect, it } from 'vitest';
import {
  accessoryAddPressed,
  addedDialogClosed,
  addedToCart,
  colorPicked,
  EMPTY_SELECTION,
  imageChosen,
  catalogSlice,
  purchaseRefused,
  quantityTyped,
  selectAddedLine,
  selectProductSelection,
  selectProductSelectionView,
  sizePicked,
} from '../../../src/features/catalog/catalogSlice';
import { MESSAGES } from '../../../src/features/catalog/purchase';
import { locationChanged, navigationRequested } from '../../../src/store/events';
import { makeProduct } from '../../fixtures/catalog';

const reduce = catalogSlice.reducer;
const wrap = (catalog: ReturnType<typeof reduce>) => ({ catalog });
const knight = makeProduct({
  _id: 'knight',
  image: ['/img/knight.svg'],
  colorVariants: [
    { color: 'Silver', image: '/img/knight-silver.svg' },
    { color: 'Gold', image: '/img/knight-gold.svg' },
  ],
  clothingSizes: ['M', 'L'],
});
const line = { name: 'Knight', image: '/img/knight-silver.svg', detail: 'Color: Silver · Size: L', quantity: 2, unitPrice: 20 };

describe('product selection slice', () => {
  it('keeps each product’s picks apart, starting from the empty selection', () => {
    let s = reduce(undefined, colorPicked({ productId: 'knight', color: 'Silver' }));
    s = reduce(s, sizePicked({ productId: 'knight', size: 'L' }));
    s = reduce(s, quantityTyped({ productId: 'knight', text: '3' }));
    s = reduce(s, colorPicked({ productId: 'other', color: 'Red' }));
    expect(selectProductSelection(wrap(s), 'knight')).toMatchObject({ color: 'Silver', size: 'L', quantityText: '3' });
    expect(selectProductSelection(wrap(s), 'other')).toMatchObject({ color: 'Red', size: null, quantityText: '1' });
    expect(selectProductSelection(wrap(s), 'never')).toBe(EMPTY_SELECTION);
  });

  it('clears the message when the shopper changes colour, size or quantity', () => {
    for (const change of [colorPicked({ productId: 'knight', color: 'Gold' }), sizePicked({ productId: 'knight', size: 'M' }), quantityTyped({ productId: 'knight', text: '2' })]) {
      const refused = reduce(undefined, purchaseRefused({ productId: 'knight', problem: MESSAGES.size }));
      expect(selectProductSelection(wrap(refused), 'knight').problem).toBe(MESSAGES.size);
      expect(selectProductSelection(wrap(reduce(refused, change)), 'knight').problem).toBeNull();
    }
  });

  it('opens the added dialog, and closes it when asked or when the location changes', () => {
    const open = reduce(reduce(undefined, purchaseRefused({ productId: 'knight', problem: MESSAGES.color })), addedToCart({ productId: 'knight', line }));
    expect(selectProductSelection(wrap(open), 'knight')).toMatchObject({ added: line, problem: null });
    expect(selectProductSelection(wrap(reduce(open, addedDialogClosed({ productId: 'knight' }))), 'knight').added).toBeNull();
    expect(selectProductSelection(wrap(reduce(open, navigationRequested('/cart'))), 'knight').added).toBeNull();
    const moved = reduce(open, locationChanged({ pathname: '/cart', search: '', hash: '', state: null }));
    // The picks outlive the page; only the dialog closes.
    expect(selectProductSelection(wrap(moved), 'knight')).toMatchObject({ added: null });
  });

  it('remembers the accessory added last and caps what is typed', () => {
    let s = reduce(undefined, accessoryAddPressed({ productId: 'knight', index: 1 }));
    s = reduce(s, quantityTyped({ productId: 'knight', text: '1'.repeat(50) }));
    expect(selectProductSelection(wrap(s), 'knight')).toMatchObject({ accessory: 1, quantityText: '1111111111' });
  });

  it('derives the gallery picture: the picked colour’s, until the shopper chooses one', () => {
    let s = reduce(undefined, colorPicked({ productId: 'knight', color: 'Gold' }));
    expect(selectProductSelectionView(wrap(s), knight)).toMatchObject({ imageIndex: 2, images: ['/img/knight.svg', '/img/knight-silver.svg', '/img/knight-gold.svg'] });
    s = reduce(s, imageChosen({ productId: 'knight', index: 0 }));
    expect(selectProductSelectionView(wrap(s), knight).imageIndex).toBe(0);
    // A new colour: the gallery follows it again.
    s = reduce(s, colorPicked({ productId: 'knight', color: 'Silver' }));
    expect(selectProductSelectionView(wrap(s), knight).imageIndex).toBe(1);
  });

  it('tells a warning (the shopper can fix it) from an error', () => {
    const warn = reduce(undefined, purchaseRefused({ productId: 'knight', problem: MESSAGES.quantity }));
    expect(selectProductSelectionView(wrap(warn), knight).severity).toBe('warning');
    const err = reduce(undefined, purchaseRefused({ productId: 'knight', problem: MESSAGES.outOfStock }));
    expect(selectProductSelectionView(wrap(err), knight).severity).toBe('error');
    expect(selectProductSelectionView(wrap(reduce(undefined, { type: '@@init' })), knight).severity).toBeNull();
  });

  it('memoises the view per selection and product', () => {
    const s = wrap(reduce(undefined, colorPicked({ productId: 'knight', color: 'Gold' })));
    expect(selectProductSelectionView(s, knight)).toBe(selectProductSelectionView(s, knight));
  });

  it('keeps the page view when a line is added or its dialog shut: only the dialog and the cart count change', () => {
    const picked = reduce(undefined, colorPicked({ productId: 'knight', color: 'Gold' }));
    const view = selectProductSelectionView(wrap(picked), knight);
    const line = { name: 'Knight', detail: 'Gold', quantity: 1, unitPrice: 1299, image: '/img/knight-gold.svg' };
    const added = reduce(picked, addedToCart({ productId: 'knight', line }));
    expect(selectProductSelectionView(wrap(added), knight)).toBe(view);
    expect(selectAddedLine(wrap(added), 'knight')).toEqual(line);
    const shut = reduce(added, addedDialogClosed({ productId: 'knight' }));
    expect(selectProductSelectionView(wrap(shut), knight)).toBe(view);
    expect(selectAddedLine(wrap(shut), 'knight')).toBeNull();
  });
});
