import type { Accessory, Bundle, Product } from '../../src/domain/types';
import { toDollars } from '../../src/domain/money';
import { bundleAvailable, optionAvailable, productOptionVariants, productSoldOut, type OptionStock } from '../../src/domain/stock';
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
/**
 * A product row as the API sends it; `stars` are its approved reviews' totals, when it has any.
 * With its options' `stock` rows, out of stock follows from the numbers (none of its colour × size
 * options can be bought; an accessory likewise) and `soldOutOptions` names the options that cannot;
 * without rows (a product stored before stock existed) the stored flags stand.
 */
export function productToWire(row: ProductRow, stars?: { average: number; count: number }, stock?: ReadonlyArray<OptionStock & { variant: string }>): Product {
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
  if (stock && stock.length > 0) applyStock(product, stock);
  if (stars && stars.count > 0) {
    product.rating = stars.average;
    product.reviewCount = stars.count;
  }
  return product;
}

function applyStock(product: Product, stock: ReadonlyArray<OptionStock & { variant: string }>): void {
  const soldOut = stock.filter((s) => !optionAvailable(s)).map((s) => s.variant);
  const variants = productOptionVariants(product);
  const known = new Set(stock.map((s) => s.variant));
  if (variants.some((v) => known.has(v))) product.outOfStock = productSoldOut(variants, soldOut);
  product.accessories.forEach((a, i) => {
    const key = `accessory-${i}`;
    if (known.has(key)) a.outOfStock = soldOut.includes(key);
  });
  if (soldOut.length > 0) product.soldOutOptions = soldOut;
}

/** A bundle as the API sends it; with the catalog's products, whether it can be bought now. */
export function bundleToWire(row: BundleRow, product?: (id: string) => Product | undefined): Bundle {
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
    ...(Object.keys(row.productOptions).length > 0 ? { productOptions: row.productOptions } : {}),
    ...(product ? { outOfStock: !bundleAvailable(row.productIds, row.productOptions, product) } : {}),
  };
}
