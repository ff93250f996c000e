import { baseApi } from '../../../api/baseApi';
import type { Bundle, Product } from '../../../domain/types';
import type { BundleRecord } from './rules/bundles';
import type { DiscountRecord } from './rules/discounts';
import type { ProductRecord } from './rules/products';
import type { AuditEntry, ProductDeleted, ProductFlag, StaffBundleDetail, StaffDiscount, StaffProductDetail, StaffSettings, UploadedImage } from './types';

/**
 * The catalog editors' calls to the staff API (README "Staff API"; the token header is added by
 * baseApi). Tags: a save invalidates the staff list, the record (its page and audit log) and the
 * shopper's own list, so every open screen refreshes.
 */

export type AuditEntity = 'product' | 'bundle' | 'discount' | 'settings';

/**
 * Files chosen for upload wait here under an id until the upload call sends them: actions carry
 * only the id (a File is not data: it cannot be recorded in a QA log or checked as serializable).
 */
const pendingFiles = new Map<string, File>();

export function holdFile(id: string, file: File): void {
  pendingFiles.set(id, file);
}
export function releaseFile(id: string): void {
  pendingFiles.delete(id);
}

const STAFF_PRODUCTS = { type: 'Product', id: 'STAFF_LIST' } as const;
const SHOP_PRODUCTS = { type: 'Product', id: 'LIST' } as const;
const STAFF_BUNDLES = { type: 'Bundle', id: 'STAFF_LIST' } as const;
const SHOP_BUNDLES = { type: 'Bundle', id: 'LIST' } as const;
const STAFF_DISCOUNTS = { type: 'Discount', id: 'STAFF_LIST' } as const;

const auditTag = (entity: AuditEntity, id: string) =>
  entity === 'product' ? ({ type: 'Product', id } as const) : entity === 'bundle' ? ({ type: 'Bundle', id } as const) : entity === 'discount' ? ({ type: 'Discount', id } as const) : ('Settings' as const);

export const staffCatalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // ---- products
    getStaffProducts: build.query<Product[], { q?: string; category?: string; flag?: ProductFlag }>({
      query: (params) => ({ url: '/api/staff/products', params }),
      transformResponse: (r: { products: Product[] }) => r.products,
      providesTags: [STAFF_PRODUCTS],
    }),
    getStaffProduct: build.query<StaffProductDetail, string>({
      query: (id) => `/api/staff/products/${encodeURIComponent(id)}`,
      transformResponse: (r: StaffProductDetail) => ({ product: r.product, audit: r.audit, stock: r.stock ?? [] }),
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    createStaffProduct: build.mutation<Product, ProductRecord>({
      query: (body) => ({ url: '/api/staff/products', method: 'POST', body }),
      transformResponse: (r: { product: Product }) => r.product,
      invalidatesTags: [STAFF_PRODUCTS, SHOP_PRODUCTS],
    }),
    updateStaffProduct: build.mutation<Product, { id: string; record: ProductRecord }>({
      query: ({ id, record }) => ({ url: `/api/staff/products/${encodeURIComponent(id)}`, method: 'PUT', body: record }),
      transformResponse: (r: { product: Product }) => r.product,
      invalidatesTags: (_r, _e, { id }) => [STAFF_PRODUCTS, SHOP_PRODUCTS, { type: 'Product', id }],
    }),
    hideStaffProduct: build.mutation<Product, { id: string; hidden: boolean }>({
      query: ({ id, hidden }) => ({ url: `/api/staff/products/${encodeURIComponent(id)}/hide`, method: 'POST', body: { hidden } }),
      transformResponse: (r: { product: Product }) => r.product,
      invalidatesTags: (_r, _e, { id }) => [STAFF_PRODUCTS, SHOP_PRODUCTS, { type: 'Product', id }],
    }),
    deleteStaffProduct: build.mutation<ProductDeleted, string>({
      query: (id) => ({ url: `/api/staff/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (r: ProductDeleted) => ({ deleted: r.deleted, droppedCartLines: r.droppedCartLines, droppedWishlistItems: r.droppedWishlistItems }),
      // The deleted record's own page is not refetched (it would answer 404).
      invalidatesTags: (r) => (r ? [STAFF_PRODUCTS, SHOP_PRODUCTS] : []),
    }),
    /** Multipart upload of a file held by `holdFile` (field `file`). */
    uploadStaffPicture: build.mutation<UploadedImage, { fileId: string }>({
      query: ({ fileId }) => {
        const body = new FormData();
        const file = pendingFiles.get(fileId);
        if (file) body.append('file', file, file.name);
        return { url: '/api/staff/uploads', method: 'POST', body };
      },
      transformResponse: (r: { image: UploadedImage }) => r.image,
    }),

    // ---- bundles
    getStaffBundles: build.query<Bundle[], void>({
      query: () => '/api/staff/bundles',
      transformResponse: (r: { bundles: Bundle[] }) => r.bundles,
      providesTags: [STAFF_BUNDLES],
    }),
    getStaffBundle: build.query<StaffBundleDetail, string>({
      query: (id) => `/api/staff/bundles/${encodeURIComponent(id)}`,
      transformResponse: (r: StaffBundleDetail) => ({ bundle: r.bundle, audit: r.audit }),
      providesTags: (_r, _e, id) => [{ type: 'Bundle', id }],
    }),
    createStaffBundle: build.mutation<Bundle, BundleRecord>({
      query: (body) => ({ url: '/api/staff/bundles', method: 'POST', body }),
      transformResponse: (r: { bundle: Bundle }) => r.bundle,
      invalidatesTags: [STAFF_BUNDLES, SHOP_BUNDLES],
    }),
    updateStaffBundle: build.mutation<Bundle, { id: string; record: BundleRecord }>({
      query: ({ id, record }) => ({ url: `/api/staff/bundles/${encodeURIComponent(id)}`, method: 'PUT', body: record }),
      transformResponse: (r: { bundle: Bundle }) => r.bundle,
      invalidatesTags: (_r, _e, { id }) => [STAFF_BUNDLES, SHOP_BUNDLES, { type: 'Bundle', id }],
    }),
    cancelStaffBundle: build.mutation<Bundle, string>({
      query: (id) => ({ url: `/api/staff/bundles/${encodeURIComponent(id)}/cancel`, method: 'POST', body: {} }),
      transformResponse: (r: { bundle: Bundle }) => r.bundle,
      invalidatesTags: (_r, _e, id) => [STAFF_BUNDLES, SHOP_BUNDLES, { type: 'Bundle', id }],
    }),

    // ---- discount codes
    getStaffDiscounts: build.query<StaffDiscount[], void>({
      query: () => '/api/staff/discounts',
      transformResponse: (r: { discounts: StaffDiscount[] }) => r.discounts,
      providesTags: [STAFF_DISCOUNTS],
    }),
    createStaffDiscount: build.mutation<StaffDiscount, DiscountRecord>({
      query: (body) => ({ url: '/api/staff/discounts', method: 'POST', body }),
      transformResponse: (r: { discount: StaffDiscount }) => r.discount,
      invalidatesTags: [STAFF_DISCOUNTS],
    }),
    updateStaffDiscount: build.mutation<StaffDiscount, DiscountRecord>({
      query: ({ code, ...body }) => ({ url: `/api/staff/discounts/${encodeURIComponent(code)}`, method: 'PUT', body }),
      transformResponse: (r: { discount: StaffDiscount }) => r.discount,
      invalidatesTags: (_r, _e, { code }) => [STAFF_DISCOUNTS, { type: 'Discount', id: code }],
    }),
    setStaffDiscountActive: build.mutation<StaffDiscount, { code: string; active: boolean }>({
      query: ({ code, active }) => ({ url: `/api/staff/discounts/${encodeURIComponent(code)}/active`, method: 'POST', body: { active } }),
      transformResponse: (r: { discount: StaffDiscount }) => r.discount,
      invalidatesTags: (_r, _e, { code }) => [STAFF_DISCOUNTS, { type: 'Discount', id: code }],
    }),

    // ---- settings
    getStaffSettings: build.query<StaffSettings, void>({
      query: () => '/api/staff/settings',
      transformResponse: (r: { settings: StaffSettings }) => ({
        hiddenCategories: r.settings.hiddenCategories,
        hiddenProductTags: r.settings.hiddenProductTags,
        showSupportInOrders: r.settings.showSupportInOrders,
      }),
      providesTags: ['Settings'],
    }),
    updateStaffSettings: build.mutation<StaffSettings, Partial<StaffSettings>>({
      query: (body) => ({ url: '/api/staff/settings', method: 'POST', body }),
      transformResponse: (r: { settings: StaffSettings }) => ({
        hiddenCategories: r.settings.hiddenCategories,
        hiddenProductTags: r.settings.hiddenProductTags,
        showSupportInOrders: r.settings.showSupportInOrders,
      }),
      invalidatesTags: ['Settings'],
    }),

    // ---- audit
    getStaffAudit: build.query<AuditEntry[], { entity: AuditEntity; id: string }>({
      query: (params) => ({ url: '/api/staff/audit', params }),
      transformResponse: (r: { entries: AuditEntry[] }) => r.entries,
      providesTags: (_r, _e, { entity, id }) => [auditTag(entity, id)],
    }),
  }),
});

export const {
  useGetStaffProductsQuery,
  useGetStaffProductQuery,
  useGetStaffBundlesQuery,
  useGetStaffBundleQuery,
  useGetStaffDiscountsQuery,
  useGetStaffSettingsQuery,
  useGetStaffAuditQuery,
} = staffCatalogApi;
