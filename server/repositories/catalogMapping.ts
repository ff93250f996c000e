import type { Accessory, Bundle, Product } from '../../src/domain/types';
import { toDollars } from '../../src/domain/money';
import type { BundleRow, ProductRow, StoredAccessory } from '../db/schema';

/** Product ids: 24 lowercase hex characters, like Mongo ObjectIds (never a '_', the cart key separator). */
export const PRODUCT_ID_RE = /^[0-9a-f]{24}$/;

type AccessoryFlag = 'outOfStock' | 'comingSoon' | 'preOrder' | 'isNew' | 'limitedEdition' | 'notAvailableYet';

/** An accessory's flags, each false unless set: for a stored accessory and for an imported or edited one. */
export function accessoryFlags(a: Partial<Record<AccessoryFlag, boolean>>): Record<AccessoryFlag, boolean> {
  return {
    outOfStock: a.outOfStock ?? false,
    comingSoon: a.comingSoon ?? false,
    preOrder: a.preOrder ?? false,
    isNew: a.isNew ?? false,
    limitedEdition: a.limitedEdition ?? false,
    notAvailableYet: a.notAvailableYet ?? false,
  };
}

function accessoryToWire(a: StoredAccessory): Accessory {
  return { name: a.name, price: toDollars(a.priceCents), images: a.images, description: a.description, ...accessoryFlags(a) };
}

/** Database row → the wire shape of src/domain/types.ts (dollars, `_id`, `date` in ms). */
/** A product row as the API sends it; `stars` are its approved reviews' totals, when it has any. */
export function productToWire(row: ProductRow, stars?: { average: number; count: number }): Product {
  const product: Product = {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: toDollars(row.priceCents),
    discount: row.discount,
    image: row.images,
    mainCategory: row.mainCategory,
    subCategory: row.subCategory,
    colorVariants: row.colorVariants,
    clothingSizes: row.clothingSizes,
    canvasSizes: row.canvasSizes,
    hasAccessory: row.accessories.length > 0,
    accessories: row.accessories.map(accessoryToWire),
    outOfStock: row.outOfStock,
    comingSoon: row.comingSoon,
    preOrder: row.preOrder,
    isNewProduct: row.isNewProduct,
    limitedEdition: row.limitedEdition,
    vaulted: row.vaulted,
    notAvailableYet: row.notAvailableYet,
    bestseller: row.bestseller,
    date: row.createdAt.getTime(),
  };
  if (row.subSubCategory) product.subSubCategory = row.subSubCategory;
  if (stars && stars.count > 0) {
    product.rating = stars.average;
    product.reviewCount = stars.count;
  }
  return product;
}

export function bundleToWire(row: BundleRow): Bundle {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: toDollars(row.priceCents),
    images: row.images,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    cancelled: row.cancelled,
    products: row.productIds,
  };
}
