import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Product } from '../../domain/types';
import { locationChanged, navigationRequested } from '../../store/events';
import { galleryImages, shownImageIndex } from './gallery';
import { problemSeverity, soldOutChoice, type AddedLine } from './purchase';

/**
 * What the shopper chose on each product page, kept per product so Redux DevTools and a
 * QA replay show it: colour, size, the quantity as typed, the picture chosen in the gallery, the
 * last accessory added, the validation message shown and the "Added to cart" dialog. The checks
 * themselves run in catalogListeners.ts (they need the product from the cache), which reports the
 * outcome with `purchaseRefused` / `addedToCart`.
 *
 * A selection outlives the page (the shopper comes back to what they picked); the dialog does not:
 * any move to another location closes it.
 */
export interface ProductSelection {
  color: string | null;
  size: string | null;
  /** The quantity box's text, as typed (validated when adding). */
  quantityText: string;
  /** The gallery picture the shopper chose; null follows the picked colour. */
  image: number | null;
  /** Index of the accessory added last. */
  accessory: number | null;
  /** The message under the buttons (SPEC §5), or null. */
  problem: string | null;
  /** The line the "Added to cart" dialog shows while it is open. */
  added: AddedLine | null;
}

export interface CatalogState {
  byProduct: Record<string, ProductSelection>;
}

export const EMPTY_SELECTION: ProductSelection = { color: null, size: null, quantityText: '1', image: null, accessory: null, problem: null, added: null };

const initialState: CatalogState = { byProduct: {} };

type For<T = object> = PayloadAction<{ productId: string } & T>;

function entry(state: CatalogState, productId: string): ProductSelection {
  return (state.byProduct[productId] ??= { ...EMPTY_SELECTION });
}

function closeDialogs(state: CatalogState) {
  for (const s of Object.values(state.byProduct)) s.added = null;
}

export const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    colorPicked(state, { payload }: For<{ color: string }>) {
      const s = entry(state, payload.productId);
      s.color = payload.color;
      // The gallery follows the new colour.
      s.image = null;
      s.problem = null;
    },
    sizePicked(state, { payload }: For<{ size: string }>) {
      const s = entry(state, payload.productId);
      s.size = payload.size;
      s.problem = null;
    },
    quantityTyped(state, { payload }: For<{ text: string }>) {
      const s = entry(state, payload.productId);
      s.quantityText = payload.text.slice(0, 10);
      s.problem = null;
    },
    imageChosen(state, { payload }: For<{ index: number }>) {
      entry(state, payload.productId).image = payload.index;
    },
    /** Add to cart was pressed: the listener checks the selection. */
    addToCartPressed(state, { payload }: For) {
      entry(state, payload.productId);
    },
    /** Buy now was pressed: the listener checks the selection and goes to checkout. */
    buyNowPressed(state, { payload }: For) {
      entry(state, payload.productId);
    },
    accessoryAddPressed(state, { payload }: For<{ index: number }>) {
      entry(state, payload.productId).accessory = payload.index;
    },
    purchaseRefused(state, { payload }: For<{ problem: string }>) {
      entry(state, payload.productId).problem = payload.problem;
    },
    addedToCart(state, { payload }: For<{ line: AddedLine }>) {
      const s = entry(state, payload.productId);
      s.problem = null;
      s.added = payload.line;
    },
    addedDialogClosed(state, { payload }: For) {
      entry(state, payload.productId).added = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(locationChanged, closeDialogs).addCase(navigationRequested, closeDialogs);
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof catalogSlice> {}
}

export const {
  colorPicked,
  sizePicked,
  quantityTyped,
  imageChosen,
  addToCartPressed,
  buyNowPressed,
  accessoryAddPressed,
  purchaseRefused,
  addedToCart,
  addedDialogClosed,
} = catalogSlice.actions;

type WithSelection = { catalog: CatalogState };

/** The selection on `productId`'s page (the empty selection until the shopper picks something). */
export function selectProductSelection(state: WithSelection, productId: string): ProductSelection {
  return state.catalog.byProduct[productId] ?? EMPTY_SELECTION;
}

/**
 * Everything a product page shows about the selection, derived once per change. The "Added to
 * cart" dialog's line is not part of it (selectAddedLine): adding to the cart does not render the
 * page again, only the header's count and the dialog.
 */
export interface ProductSelectionView extends Omit<ProductSelection, 'added' | 'accessory'> {
  images: string[];
  /** The gallery picture shown. */
  imageIndex: number;
  severity: 'warning' | 'error' | null;
  /** The chosen option's variant when it cannot be bought now (null otherwise). */
  soldOutVariant: string | null;
}

type ForProduct<T> = (state: WithSelection, product: Product) => T;
const pick =
  <K extends keyof ProductSelection>(key: K): ForProduct<ProductSelection[K]> =>
  (state, product) =>
    selectProductSelection(state, product._id)[key];

export const selectProductSelectionView = createSelector(
  [pick('color'), pick('size'), pick('quantityText'), pick('image'), pick('problem'), (_state: WithSelection, product: Product) => product],
  (color, size, quantityText, image, problem, product): ProductSelectionView => ({
    color,
    size,
    quantityText,
    image,
    problem,
    images: galleryImages(product),
    imageIndex: shownImageIndex(product, image, color),
    severity: problem ? problemSeverity(problem) : null,
    soldOutVariant: soldOutChoice(product, color, size),
  }),
);

/** The line the "Added to cart" dialog of `productId`'s page shows, or null while it is shut. */
export const selectAddedLine = (state: WithSelection, productId: string): AddedLine | null => selectProductSelection(state, productId).added;
