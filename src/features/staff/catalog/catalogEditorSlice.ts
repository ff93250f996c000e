import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { StaffOptionStock } from '../../../domain/stock';
import type { Bundle, Product } from '../../../domain/types';
import { injectLazySlice } from '../../../store/lazySliceInjection';
import type { RootState } from '../../../store/types';
import { EMPTY_BUNDLE_DRAFT, bundleToDraft, type BundleDraft } from './rules/bundles';
import { EMPTY_DISCOUNT_DRAFT, discountToDraft, type DiscountDraft } from './rules/discounts';
import { fromLocalInput, type FieldErrors } from './rules/fields';
import { pictureTargetKey, type PictureTarget } from './rules/pictures';
import { EMPTY_ACCESSORY, EMPTY_PRODUCT_DRAFT, productToDraft, type AccessoryDraft, type ProductDraft, type ProductFilters } from './rules/products';
import { defaultOptionStock, stockToDraft } from './rules/stock';
import type { AccessoryFlag, ProductFlag, StaffDiscount, StaffSettings } from './types';

/**
 * The catalog editors' state: every form's draft as typed, its field errors (ours or
 * the server's `fields`), the list filters, uploads in progress and the delete dialog. Injected
 * into the root reducer when the console chunk loads, so a QA replay shows the forms as filled.
 */
export interface EditorState<D> {
  draft: D;
  /** The draft as last loaded or saved: what `draft` is compared with to know it holds unsaved changes. */
  baseline: D;
  /** Which record the draft was loaded from ('new' for a new one); null before any. */
  loadedFrom: string | null;
  errors: FieldErrors;
  formError: string | null;
  saving: boolean;
}

export interface UploadState {
  status: 'uploading' | 'failed';
  name: string;
  error: string | null;
}

export type DeleteDialog =
  | { id: string; name: string; status: 'confirming' | 'deleting' }
  | { id: string; name: string; status: 'refused'; message: string }
  | null;

export interface StaffCatalogState {
  productFilters: ProductFilters;
  product: EditorState<ProductDraft>;
  bundle: EditorState<BundleDraft>;
  /** The bundle editor's product picker search. */
  bundleProductSearch: string;
  discount: EditorState<DiscountDraft>;
  settings: EditorState<StaffSettings | null>;
  /** By picture target key (rules.ts pictureTargetKey). */
  uploads: Record<string, UploadState>;
  deleteDialog: DeleteDialog;
}

// The baseline is a copy: one object at two places of the state would be changed through both.
const editor = <D>(draft: D): EditorState<D> => ({ draft, baseline: structuredClone(draft), loadedFrom: null, errors: {}, formError: null, saving: false });

/** Whether an editor holds changes not saved yet (staff are asked before they leave it). */
export function hasUnsavedChanges(e: EditorState<unknown>): boolean {
  return e.loadedFrom !== null && JSON.stringify(e.draft) !== JSON.stringify(e.baseline);
}

export const initialStaffCatalogState: StaffCatalogState = {
  productFilters: { q: '', category: '', flag: '' },
  product: editor(EMPTY_PRODUCT_DRAFT),
  bundle: editor(EMPTY_BUNDLE_DRAFT),
  bundleProductSearch: '',
  discount: editor(EMPTY_DISCOUNT_DRAFT),
  settings: editor<StaffSettings | null>(null),
  uploads: {},
  deleteDialog: null,
};

type Form = 'product' | 'bundle' | 'discount' | 'settings';

/** A field change clears that field's message (and its children's) and the form's. */
function clearError(errors: FieldErrors, key: string) {
  for (const k of Object.keys(errors)) if (k === key || k.startsWith(`${key}[`) || k.startsWith(`${key}.`)) delete errors[k];
}

export const staffCatalogSlice = createSlice({
  name: 'staffCatalog',
  initialState: initialStaffCatalogState,
  reducers: {
    // ---- products list
    productFiltersChanged(state, action: PayloadAction<Partial<ProductFilters>>) {
      state.productFilters = { ...state.productFilters, ...action.payload };
    },

    // ---- product editor
    /** The editor opened for a new product: a fresh draft, unless the last one was new too (it is kept). */
    newProductOpened(state) {
      if (state.product.loadedFrom === 'new') return;
      state.product = { ...editor(EMPTY_PRODUCT_DRAFT), loadedFrom: 'new' };
      state.uploads = {};
    },
    /**
     * A product arrived for the editor (opened, or saved: the server's version replaces the draft),
     * with its stock per option when the staff API gave it.
     */
    productLoaded: {
      reducer(state, action: PayloadAction<{ product: Product; stock?: StaffOptionStock[] }>) {
        const { product, stock } = action.payload;
        state.product = { ...editor({ ...productToDraft(product), stock: (stock ?? []).map(stockToDraft) }), loadedFrom: product._id };
        state.uploads = {};
      },
      prepare: (product: Product, stock?: StaffOptionStock[]) => ({ payload: { product, ...(stock ? { stock } : {}) } }),
    },
    /** One field of an option's stock as typed (an option without a row gets the defaults first). */
    optionStockChanged(state, action: PayloadAction<{ option: string; field: 'onHand' | 'printMinutes' | 'material'; value: string } | { option: string; field: 'madeToOrder'; value: boolean }>) {
      const { option } = action.payload;
      const list = state.product.draft.stock;
      let row = list.find((s) => s.option === option);
      if (!row) {
        row = defaultOptionStock(option);
        list.push(row);
      }
      if (action.payload.field === 'madeToOrder') {
        row.madeToOrder = action.payload.value;
        clearError(state.product.errors, `stock.${option}`);
      } else {
        row[action.payload.field] = action.payload.value;
        clearError(state.product.errors, `stock.${option}.${action.payload.field}`);
      }
    },
    productFieldChanged(state, action: PayloadAction<{ field: 'name' | 'description' | 'price' | 'discount' | 'clothingSizes' | 'canvasSizes' | 'subSubCategory'; value: string }>) {
      state.product.draft[action.payload.field] = action.payload.value;
      clearError(state.product.errors, action.payload.field);
    },
    productCategoryChanged(state, action: PayloadAction<{ mainCategory: string; subCategory: string; subSubCategory: string }>) {
      Object.assign(state.product.draft, action.payload);
      for (const f of ['mainCategory', 'subCategory', 'subSubCategory']) clearError(state.product.errors, f);
    },
    /** The date added (the store's "newest" order), as a datetime-local value; '' leaves it to the server. */
    productDateChanged(state, action: PayloadAction<string>) {
      const iso = fromLocalInput(action.payload);
      state.product.draft.date = iso ? Date.parse(iso) : null;
      clearError(state.product.errors, 'date');
    },
    productFlagChanged(state, action: PayloadAction<{ flag: ProductFlag; value: boolean; saved?: boolean }>) {
      state.product.draft.flags[action.payload.flag] = action.payload.value;
      // A flag the server already changed (hide / show) is no unsaved change.
      if (action.payload.saved) state.product.baseline.flags[action.payload.flag] = action.payload.value;
    },
    colorVariantAdded(state) {
      state.product.draft.colorVariants.push({ color: '', image: '' });
    },
    colorVariantChanged(state, action: PayloadAction<{ index: number; color?: string; image?: string }>) {
      const v = state.product.draft.colorVariants[action.payload.index];
      if (!v) return;
      if (action.payload.color !== undefined) v.color = action.payload.color;
      if (action.payload.image !== undefined) v.image = action.payload.image;
      clearError(state.product.errors, `colorVariants[${action.payload.index}]`);
    },
    colorVariantRemoved(state, action: PayloadAction<number>) {
      state.product.draft.colorVariants.splice(action.payload, 1);
      clearError(state.product.errors, 'colorVariants');
    },
    accessoryAdded(state) {
      state.product.draft.accessories.push(structuredClone(EMPTY_ACCESSORY));
    },
    accessoryChanged(state, action: PayloadAction<{ index: number; field: keyof Pick<AccessoryDraft, 'name' | 'price' | 'description'>; value: string }>) {
      const a = state.product.draft.accessories[action.payload.index];
      if (!a) return;
      a[action.payload.field] = action.payload.value;
      clearError(state.product.errors, `accessories[${action.payload.index}].${action.payload.field}`);
    },
    accessoryFlagChanged(state, action: PayloadAction<{ index: number; flag: AccessoryFlag; value: boolean }>) {
      const a = state.product.draft.accessories[action.payload.index];
      if (a) a.flags[action.payload.flag] = action.payload.value;
    },
    accessoryRemoved(state, action: PayloadAction<number>) {
      state.product.draft.accessories.splice(action.payload, 1);
      clearError(state.product.errors, 'accessories');
    },

    // ---- pictures (product, variant, accessory, bundle)
    pictureUploadStarted(state, action: PayloadAction<{ target: PictureTarget; name: string }>) {
      state.uploads[pictureTargetKey(action.payload.target)] = { status: 'uploading', name: action.payload.name, error: null };
    },
    pictureUploadFailed(state, action: PayloadAction<{ target: PictureTarget; name: string; message: string }>) {
      state.uploads[pictureTargetKey(action.payload.target)] = { status: 'failed', name: action.payload.name, error: action.payload.message };
    },
    pictureAdded(state, action: PayloadAction<{ target: PictureTarget; url: string }>) {
      const { target, url } = action.payload;
      delete state.uploads[pictureTargetKey(target)];
      const d = state.product.draft;
      if (target.kind === 'product') d.image.push(url);
      else if (target.kind === 'variant' && d.colorVariants[target.index]) d.colorVariants[target.index].image = url;
      else if (target.kind === 'accessory' && d.accessories[target.index]) d.accessories[target.index].images.push(url);
      else if (target.kind === 'bundle') state.bundle.draft.images.push(url);
    },
    pictureRemoved(state, action: PayloadAction<{ target: PictureTarget; index: number }>) {
      const { target, index } = action.payload;
      const d = state.product.draft;
      if (target.kind === 'product') d.image.splice(index, 1);
      else if (target.kind === 'variant' && d.colorVariants[target.index]) d.colorVariants[target.index].image = '';
      else if (target.kind === 'accessory' && d.accessories[target.index]) d.accessories[target.index].images.splice(index, 1);
      else if (target.kind === 'bundle') state.bundle.draft.images.splice(index, 1);
    },

    // ---- delete dialog
    deleteRequested(state, action: PayloadAction<{ id: string; name: string }>) {
      state.deleteDialog = { ...action.payload, status: 'confirming' };
    },
    deleteStarted(state) {
      if (state.deleteDialog) state.deleteDialog = { id: state.deleteDialog.id, name: state.deleteDialog.name, status: 'deleting' };
    },
    deleteRefused(state, action: PayloadAction<string>) {
      if (state.deleteDialog) state.deleteDialog = { id: state.deleteDialog.id, name: state.deleteDialog.name, status: 'refused', message: action.payload };
    },
    deleteDialogClosed(state) {
      state.deleteDialog = null;
    },

    // ---- bundle editor
    newBundleOpened(state) {
      if (state.bundle.loadedFrom === 'new') return;
      state.bundle = { ...editor(EMPTY_BUNDLE_DRAFT), loadedFrom: 'new' };
    },
    bundleLoaded(state, action: PayloadAction<Bundle>) {
      state.bundle = { ...editor(bundleToDraft(action.payload)), loadedFrom: action.payload._id };
    },
    bundleFieldChanged(state, action: PayloadAction<{ field: 'title' | 'description' | 'price' | 'startDate' | 'endDate'; value: string }>) {
      state.bundle.draft[action.payload.field] = action.payload.value;
      clearError(state.bundle.errors, action.payload.field);
      if (action.payload.field === 'startDate') clearError(state.bundle.errors, 'endDate');
    },
    /** Cancelled or offered again (a save sends it; Cancel on the list cancels at once). */
    bundleCancelledChanged(state, action: PayloadAction<boolean>) {
      state.bundle.draft.cancelled = action.payload;
    },
    bundleProductToggled(state, action: PayloadAction<string>) {
      const list = state.bundle.draft.products;
      const at = list.indexOf(action.payload);
      if (at >= 0) list.splice(at, 1);
      else list.push(action.payload);
      clearError(state.bundle.errors, 'products');
    },
    /** The option (colour and size, as a cart variant) the bundle holds of one of its products. */
    bundleProductOptionChanged(state, action: PayloadAction<{ productId: string; option: string }>) {
      state.bundle.draft.productOptions[action.payload.productId] = action.payload.option;
      clearError(state.bundle.errors, `productOptions.${action.payload.productId}`);
    },
    bundleProductSearchChanged(state, action: PayloadAction<string>) {
      state.bundleProductSearch = action.payload;
    },

    // ---- discount editor (on the discounts page)
    newDiscountOpened(state) {
      state.discount = { ...editor(EMPTY_DISCOUNT_DRAFT), loadedFrom: 'new' };
    },
    discountLoaded(state, action: PayloadAction<StaffDiscount>) {
      state.discount = { ...editor(discountToDraft(action.payload)), loadedFrom: action.payload.code };
    },
    discountFieldChanged(state, action: PayloadAction<{ field: 'code' | 'percentage' | 'expiresAt'; value: string }>) {
      state.discount.draft[action.payload.field] = action.payload.value;
      clearError(state.discount.errors, action.payload.field);
    },
    discountActiveChanged(state, action: PayloadAction<boolean>) {
      state.discount.draft.active = action.payload;
    },
    discountEditorClosed(state) {
      state.discount = editor(EMPTY_DISCOUNT_DRAFT);
    },

    // ---- settings
    settingsLoaded(state, action: PayloadAction<StaffSettings>) {
      state.settings = { ...editor<StaffSettings | null>(action.payload), loadedFrom: 'shop' };
    },
    settingsChanged(state, action: PayloadAction<Partial<StaffSettings>>) {
      if (!state.settings.draft) return;
      Object.assign(state.settings.draft, action.payload);
      for (const k of Object.keys(action.payload)) clearError(state.settings.errors, k);
    },

    // ---- saving (any form)
    saveStarted(state, action: PayloadAction<Form>) {
      state[action.payload].saving = true;
      state[action.payload].formError = null;
    },
    /** Our own check or the server refused: the draft stays as typed. */
    saveRefused(state, action: PayloadAction<{ form: Form; message: string; errors: FieldErrors }>) {
      const f = state[action.payload.form];
      f.saving = false;
      f.errors = action.payload.errors;
      f.formError = action.payload.message;
    },
    saveFinished(state, action: PayloadAction<Form>) {
      state[action.payload].saving = false;
      state[action.payload].formError = null;
      state[action.payload].errors = {};
    },
  },
  selectors: {
    selectProductFilters: (s) => s.productFilters,
    selectProductEditor: (s) => s.product,
    selectBundleEditor: (s) => s.bundle,
    selectBundleProductSearch: (s) => s.bundleProductSearch,
    selectDiscountEditor: (s) => s.discount,
    selectSettingsEditor: (s) => s.settings,
    selectUploads: (s) => s.uploads,
    selectDeleteDialog: (s) => s.deleteDialog,
  },
});

/** The slice in the app's root reducer (added when the console chunk loads; its selectors see the initial state until then). */
declare module '../../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface LazyLoadedSlices extends WithSlice<typeof staffCatalogSlice> {}
}

injectLazySlice(staffCatalogSlice);

export const staffCatalogActions = staffCatalogSlice.actions;
type WithCatalog = RootState & { staffCatalog?: StaffCatalogState };
const S = staffCatalogSlice.getSelectors((state: { staffCatalog?: ReturnType<typeof staffCatalogSlice.getInitialState> }) => state.staffCatalog ?? staffCatalogSlice.getInitialState());
/** The slice's selectors over the app's state (the slice is optional there until injected). */
export const selectProductFilters = (state: RootState) => S.selectProductFilters(state as WithCatalog);
export const selectProductEditor = (state: RootState) => S.selectProductEditor(state as WithCatalog);
export const selectBundleEditor = (state: RootState) => S.selectBundleEditor(state as WithCatalog);
export const selectBundleProductSearch = (state: RootState) => S.selectBundleProductSearch(state as WithCatalog);
export const selectDiscountEditor = (state: RootState) => S.selectDiscountEditor(state as WithCatalog);
export const selectSettingsEditor = (state: RootState) => S.selectSettingsEditor(state as WithCatalog);
export const selectUploads = (state: RootState) => S.selectUploads(state as WithCatalog);
export const selectDeleteDialog = (state: RootState) => S.selectDeleteDialog(state as WithCatalog);
export const selectProductUnsaved = (state: RootState) => hasUnsavedChanges(selectProductEditor(state));
export const selectBundleUnsaved = (state: RootState) => hasUnsavedChanges(selectBundleEditor(state));
export const selectDiscountUnsaved = (state: RootState) => hasUnsavedChanges(selectDiscountEditor(state));
export const selectSettingsUnsaved = (state: RootState) => hasUnsavedChanges(selectSettingsEditor(state));
