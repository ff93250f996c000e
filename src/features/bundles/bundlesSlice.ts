import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { variantKey } from '../../domain/cartKey';
import type { Bundle } from '../../domain/types';

/**
 * What the shopper looks at among the bundles, so a QA replay shows the same: the
 * gallery picture per bundle page, and the home carousel's page.
 */
export interface BundlesState {
  imageByBundle: Record<string, number>;
  /** The carousel page asked for (clamped to the pages there are when shown). */
  carouselPage: number;
}

const initialState: BundlesState = { imageByBundle: {}, carouselPage: 0 };

export const bundlesSlice = createSlice({
  name: 'bundles',
  initialState,
  reducers: {
    bundleImageChosen(state, { payload }: PayloadAction<{ bundleId: string; index: number }>) {
      state.imageByBundle[payload.bundleId] = payload.index;
    },
    carouselMoved(state, { payload }: PayloadAction<{ page: number }>) {
      state.carouselPage = Math.max(0, Math.trunc(payload.page));
    },
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof bundlesSlice> {}
}

export const { bundleImageChosen, carouselMoved } = bundlesSlice.actions;

/** The carousel's pages for `count` bundles shown `perView` at a time, and the page shown (the one asked for, clamped). */
export function carouselPages(requested: number, count: number, perView: number): { pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(count / Math.max(1, perView)));
  return { pages, page: Math.min(Math.max(0, requested), pages - 1) };
}

export const selectCarouselPage = (state: { bundles: BundlesState }) => state.bundles.carouselPage;

/** 'Add Bundle to Cart' was pressed (the listener adds the line and goes to the cart). */
export const bundleAddPressed = createAction<{ bundleId: string }>('bundles/addPressed');

/** The picture shown for a bundle (the first until one is chosen; a choice outside the gallery reads as the first). */
export function selectBundleImage(state: { bundles: BundlesState }, bundle: Pick<Bundle, '_id' | 'images'>): number {
  const chosen = state.bundles.imageByBundle[bundle._id] ?? 0;
  return chosen >= 0 && chosen < (bundle.images?.length ?? 0) ? chosen : 0;
}

/** 'Add Bundle to Cart' (SPEC §2): quantity 1 of the bundle's line. */
export function bundleLine(bundle: Pick<Bundle, '_id'>): { itemId: string; variant: string; quantity: number } {
  return { itemId: bundle._id, variant: variantKey({ kind: 'bundle' }), quantity: 1 };
}
