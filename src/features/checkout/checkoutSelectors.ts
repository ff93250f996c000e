import { createSelector } from '@reduxjs/toolkit';
import { selectCartItems as selectCartContents } from '../cart';
import { selectCatalogLookup, selectCatalogStatus } from '../catalog';
import type { RootState } from '../../store/types';
import { checkoutApi, DISCOUNT_CHECK_KEY } from './checkoutApi';
import { selectAppliedDiscountPercent, selectBuyNow, selectCheckout, selectCheckoutDraft } from './checkoutSlice';
import { checkoutLines, previewOrder, type CheckoutSubmission } from './rules';

/** Time is a parameter (the screen's `useNow`, a listener's `extra.now`): a bundle's dates decide its price. */
const nowArg = (_state: RootState, now: number) => now;

/** The lines being bought: the buy-now item when /place-order was opened with one, else the cart's. */
export const selectCheckoutLines = createSelector([selectBuyNow, selectCartContents], checkoutLines);

/** The order summary, priced with the server's own rules; null until the catalog is loaded. */
export const selectCheckoutPreview = createSelector(
  [selectCheckoutLines, selectCatalogLookup, selectCatalogStatus, selectAppliedDiscountPercent, nowArg],
  (lines, catalog, status, percent, now) => (status.state === 'ready' ? previewOrder(lines, catalog, percent, now) : null),
);

/** Everything `validateCheckout` needs to judge the draft; null while the preview is not ready. */
export const selectCheckoutSubmission = createSelector(
  [selectCheckoutDraft, selectCheckoutLines, selectCheckoutPreview, (state: RootState) => selectCheckout(state).discount, selectBuyNow],
  (draft, lines, preview, discount, buyNow): CheckoutSubmission | null =>
    preview && { form: draft.form, lines, preview, paymentMethod: draft.paymentMethod, discountCode: discount?.code ?? null, isBuyNow: buyNow !== null },
);

const selectDiscountCheck = checkoutApi.endpoints.validateDiscount.select({ requestId: undefined, fixedCacheKey: DISCOUNT_CHECK_KEY });

/** A discount code is being checked by the server (the mutation's own status). */
export const selectDiscountChecking = (state: RootState): boolean => selectDiscountCheck(state).isLoading;
