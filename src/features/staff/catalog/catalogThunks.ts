import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../../api/errors';
import { navigationRequested, toastRequested } from '../../../store/events';
import type { StoreDeps } from '../../../store/deps';
import type { RootState } from '../../../store/types';
import {
  selectBundleEditor,
  selectDeleteDialog,
  selectDiscountEditor,
  selectProductEditor,
  selectSettingsEditor,
  staffCatalogActions as A,
} from './catalogEditorSlice';
import { validateBundle } from './rules/bundles';
import { validateDiscount } from './rules/discounts';
import { FORM_INVALID, SAVE_FAILED } from './rules/fields';
import { UPLOAD_MESSAGES, uploadProblem, type PictureTarget } from './rules/pictures';
import { validateProduct } from './rules/products';
import { stockErrorsByOption } from './rules/stock';
import { holdFile, releaseFile, staffCatalogApi } from './staffCatalogApi';

/**
 * The editors' flows: check with rules.ts, call the staff API, then report what happened as
 * events (the draft is never cleared by a failure). Screens dispatch these and nothing else.
 */
type Thunk<R = void> = ThunkAction<Promise<R>, RootState, StoreDeps, UnknownAction>;

const asApiError = (err: unknown): ApiError => {
  const e = err as Partial<ApiError> | undefined;
  return { status: e?.status ?? 'CUSTOM_ERROR', message: typeof e?.message === 'string' && e.message ? e.message : SAVE_FAILED, ...(e?.fields ? { fields: e.fields } : {}) };
};

type Form = 'product' | 'bundle' | 'discount' | 'settings';

/** A refused save: the server's fields by input, its sentence under the form, and a toast. */
function refused(form: Form, err: unknown): ThunkAction<void, RootState, StoreDeps, UnknownAction> {
  return (dispatch) => {
    const e = asApiError(err);
    dispatch(A.saveRefused({ form, message: e.message, errors: e.fields ?? {} }));
    dispatch(toastRequested(e.message, 'error'));
  };
}

export function saveProduct(): Thunk {
  return async (dispatch, getState) => {
    const { draft, baseline, loadedFrom, saving } = selectProductEditor(getState());
    if (saving) return;
    const checked = validateProduct(draft, baseline.stock);
    if ('errors' in checked) {
      dispatch(A.saveRefused({ form: 'product', message: FORM_INVALID, errors: checked.errors }));
      return;
    }
    dispatch(A.saveStarted('product'));
    try {
      const isNew = !loadedFrom || loadedFrom === 'new';
      const product = isNew
        ? await dispatch(staffCatalogApi.endpoints.createStaffProduct.initiate(checked.record)).unwrap()
        : await dispatch(staffCatalogApi.endpoints.updateStaffProduct.initiate({ id: loadedFrom, record: checked.record })).unwrap();
      // The save answers the product only: its stock (and the units held right now) comes from a fresh read.
      const stock = await dispatch(staffCatalogApi.endpoints.getStaffProduct.initiate(product._id, { forceRefetch: true, subscribe: false }))
        .unwrap()
        .then((d) => d.stock)
        // Unread: the stock as sent and loaded stands (the units held are shown again on the next read).
        .catch(() => draft.stock.map((r) => ({ option: r.option, onHand: Number(r.onHand), reserved: r.reserved, madeToOrder: r.madeToOrder, printMinutes: Number(r.printMinutes), material: r.material })));
      dispatch(A.saveFinished('product'));
      dispatch(A.productLoaded(product, stock));
      dispatch(toastRequested(isNew ? 'Product created.' : 'Product saved.', 'success'));
      if (isNew) dispatch(navigationRequested(`/staff/products/${product._id}`, { replace: true }));
    } catch (err) {
      const e = asApiError(err);
      dispatch(refused('product', e.fields ? { ...e, fields: stockErrorsByOption(e.fields, checked.record.stock) } : e));
    }
  };
}

/** Hides a product from the shop (notAvailableYet) or shows it again. */
export function setProductHidden(id: string, hidden: boolean): Thunk {
  return async (dispatch, getState) => {
    try {
      const product = await dispatch(staffCatalogApi.endpoints.hideStaffProduct.initiate({ id, hidden })).unwrap();
      // The open editor follows, keeping nothing else the staff member typed: only the flag changes.
      if (selectProductEditor(getState()).loadedFrom === id) dispatch(A.productFlagChanged({ flag: 'notAvailableYet', value: product.notAvailableYet === true, saved: true }));
      if (selectDeleteDialog(getState())?.id === id) dispatch(A.deleteDialogClosed());
      dispatch(toastRequested(hidden ? 'Product hidden from the shop.' : 'Product shown in the shop again.', 'success'));
    } catch (err) {
      dispatch(toastRequested(asApiError(err).message, 'error'));
    }
  };
}

/** Deletes the product the dialog confirms; a refusal (409: held by a bundle or an unpaid order) stays in the dialog, which offers Hide. */
export function confirmDelete(): Thunk {
  return async (dispatch, getState) => {
    const dialog = selectDeleteDialog(getState());
    if (!dialog || dialog.status !== 'confirming') return;
    dispatch(A.deleteStarted());
    try {
      const r = await dispatch(staffCatalogApi.endpoints.deleteStaffProduct.initiate(dialog.id)).unwrap();
      dispatch(A.deleteDialogClosed());
      const dropped = r.droppedCartLines + r.droppedWishlistItems;
      dispatch(toastRequested(`"${dialog.name}" was deleted.${dropped ? ` ${dropped} cart or wishlist line${dropped === 1 ? ' was' : 's were'} removed.` : ''}`, 'success'));
      if (selectProductEditor(getState()).loadedFrom === dialog.id) dispatch(navigationRequested('/staff/products', { replace: true }));
    } catch (err) {
      const e = asApiError(err);
      dispatch(A.deleteRefused(e.message));
      if (e.status !== 409) dispatch(toastRequested(e.message, 'error'));
    }
  };
}

let uploadCounter = 0;

/** Checks the file, uploads it (multipart) and puts the returned url into the draft. */
export function uploadPicture(target: PictureTarget, file: File): Thunk {
  return async (dispatch) => {
    const problem = uploadProblem(file);
    if (problem) {
      dispatch(A.pictureUploadFailed({ target, name: file.name, message: problem }));
      return;
    }
    const fileId = `upload-${++uploadCounter}`;
    holdFile(fileId, file);
    dispatch(A.pictureUploadStarted({ target, name: file.name }));
    try {
      const image = await dispatch(staffCatalogApi.endpoints.uploadStaffPicture.initiate({ fileId })).unwrap();
      dispatch(A.pictureAdded({ target, url: image.url }));
    } catch (err) {
      const message = asApiError(err).message || UPLOAD_MESSAGES.failed;
      dispatch(A.pictureUploadFailed({ target, name: file.name, message }));
      dispatch(toastRequested(message, 'error'));
    } finally {
      releaseFile(fileId);
    }
  };
}

export function saveBundle(): Thunk {
  return async (dispatch, getState) => {
    const { draft, loadedFrom, saving } = selectBundleEditor(getState());
    if (saving) return;
    const checked = validateBundle(draft);
    if ('errors' in checked) {
      dispatch(A.saveRefused({ form: 'bundle', message: FORM_INVALID, errors: checked.errors }));
      return;
    }
    dispatch(A.saveStarted('bundle'));
    try {
      const isNew = !loadedFrom || loadedFrom === 'new';
      const bundle = isNew
        ? await dispatch(staffCatalogApi.endpoints.createStaffBundle.initiate(checked.record)).unwrap()
        : await dispatch(staffCatalogApi.endpoints.updateStaffBundle.initiate({ id: loadedFrom, record: checked.record })).unwrap();
      dispatch(A.saveFinished('bundle'));
      dispatch(A.bundleLoaded(bundle));
      dispatch(toastRequested(isNew ? 'Bundle created.' : 'Bundle saved.', 'success'));
      if (isNew) dispatch(navigationRequested(`/staff/bundles/${bundle._id}`, { replace: true }));
    } catch (err) {
      dispatch(refused('bundle', err));
    }
  };
}

export function cancelBundle(id: string): Thunk {
  return async (dispatch, getState) => {
    try {
      const bundle = await dispatch(staffCatalogApi.endpoints.cancelStaffBundle.initiate(id)).unwrap();
      if (selectBundleEditor(getState()).loadedFrom === id) dispatch(A.bundleLoaded(bundle));
      dispatch(toastRequested('Bundle cancelled: shoppers no longer see it.', 'success'));
    } catch (err) {
      dispatch(toastRequested(asApiError(err).message, 'error'));
    }
  };
}

export function saveDiscount(): Thunk {
  return async (dispatch, getState) => {
    const { draft, loadedFrom, saving } = selectDiscountEditor(getState());
    if (saving) return;
    const checked = validateDiscount(draft);
    if ('errors' in checked) {
      dispatch(A.saveRefused({ form: 'discount', message: FORM_INVALID, errors: checked.errors }));
      return;
    }
    dispatch(A.saveStarted('discount'));
    try {
      const isNew = !loadedFrom || loadedFrom === 'new';
      const discount = isNew
        ? await dispatch(staffCatalogApi.endpoints.createStaffDiscount.initiate(checked.record)).unwrap()
        : await dispatch(staffCatalogApi.endpoints.updateStaffDiscount.initiate({ ...checked.record, code: loadedFrom })).unwrap();
      dispatch(A.saveFinished('discount'));
      dispatch(A.discountLoaded(discount));
      dispatch(toastRequested(isNew ? `Code ${discount.code} created.` : `Code ${discount.code} saved.`, 'success'));
    } catch (err) {
      dispatch(refused('discount', err));
    }
  };
}

export function setDiscountActive(code: string, active: boolean): Thunk {
  return async (dispatch, getState) => {
    try {
      const discount = await dispatch(staffCatalogApi.endpoints.setStaffDiscountActive.initiate({ code, active })).unwrap();
      if (selectDiscountEditor(getState()).loadedFrom === code) dispatch(A.discountActiveChanged(discount.active));
      dispatch(toastRequested(active ? `Code ${code} enabled.` : `Code ${code} disabled.`, 'success'));
    } catch (err) {
      dispatch(toastRequested(asApiError(err).message, 'error'));
    }
  };
}

export function saveSettings(): Thunk {
  return async (dispatch, getState) => {
    const { draft, saving } = selectSettingsEditor(getState());
    if (saving || !draft) return;
    dispatch(A.saveStarted('settings'));
    try {
      const settings = await dispatch(staffCatalogApi.endpoints.updateStaffSettings.initiate(draft)).unwrap();
      dispatch(A.saveFinished('settings'));
      dispatch(A.settingsLoaded(settings));
      dispatch(toastRequested('Settings saved.', 'success'));
    } catch (err) {
      dispatch(refused('settings', err));
    }
  };
}
