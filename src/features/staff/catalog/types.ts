import type { Bundle, Product, Settings } from '../../../domain/types';

/** The staff API's answers for the catalog editors (server/routes/staffProducts.ts and friends; README "Staff API"). */

/** The wire shapes the server shares (src/domain): one definition each. */
import type { AuditEntry } from '../../../domain/audit';
import type { StaffOptionStock } from '../../../domain/stock';
import type { StaffDiscount, UploadedImage } from '../../../domain/staffCatalog';

export type { AuditEntry, StaffDiscount, UploadedImage };

export interface StaffProductDetail {
  product: Product;
  audit: AuditEntry[];
  /** Stock per option (`reserved`: units held by open payments). */
  stock: StaffOptionStock[];
}
export interface StaffBundleDetail {
  bundle: Bundle;
  audit: AuditEntry[];
}

export interface ProductDeleted {
  deleted: string;
  droppedCartLines: number;
  droppedWishlistItems: number;
}

export type StaffSettings = Pick<Settings, 'hiddenCategories' | 'hiddenProductTags' | 'showSupportInOrders'>;

/** The product flags the list filters by and the editor switches (server PRODUCT_FLAGS). */
export const PRODUCT_FLAGS = ['bestseller', 'notAvailableYet', 'vaulted', 'outOfStock', 'comingSoon', 'preOrder', 'isNewProduct', 'limitedEdition'] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];

/** An accessory's own flags (catalog format). */
export const ACCESSORY_FLAGS = ['outOfStock', 'comingSoon', 'preOrder', 'isNew', 'limitedEdition', 'notAvailableYet'] as const;
export type AccessoryFlag = (typeof ACCESSORY_FLAGS)[number];

export const FLAG_LABELS: Record<ProductFlag | AccessoryFlag, string> = {
  bestseller: 'Bestseller',
  notAvailableYet: 'Hidden (not available yet)',
  vaulted: 'Vaulted',
  outOfStock: 'Out of stock',
  comingSoon: 'Coming soon',
  preOrder: 'Pre-order',
  isNewProduct: 'New',
  isNew: 'New',
  limitedEdition: 'Limited edition',
};

/** The tags `hiddenProductTags` may hold (server/routes/staff.ts PRODUCT_TAGS, one spelling each). */
export const PRODUCT_TAGS = ['outofstock', 'comingsoon', 'preorder', 'new', 'limitededition', 'vaulted', 'bestseller', 'sale'] as const;
