import { useMemo } from 'react';
import { catalogLookup, resolveLines, type ResolvedLine } from '../domain/cartLines';
import type { Bundle, CartData, Product } from '../domain/types';
import { useNow } from '../store/hooks';

/** The catalog a lists screen needs, handed in by the app page (features do not import each other). */
export interface CatalogInput {
  products?: readonly Product[];
  bundles?: readonly Bundle[];
  isLoading: boolean;
  isError: boolean;
  errorMessage?: string;
  onRetry?: () => void;
}

const EMPTY_PRODUCTS: readonly Product[] = [];
const EMPTY_BUNDLES: readonly Bundle[] = [];

/** Lines of a key → quantity map joined with the catalog (src/domain/cartLines.ts); null while it loads. */
export function useResolvedLines(lines: CartData, catalog: CatalogInput): ResolvedLine[] | null {
  const now = useNow();
  const products = catalog.products ?? EMPTY_PRODUCTS;
  const bundles = catalog.bundles ?? EMPTY_BUNDLES;
  const ready = !catalog.isLoading && !catalog.isError;
  return useMemo(() => (ready ? resolveLines(lines, catalogLookup(products, bundles), now) : null), [ready, lines, products, bundles, now]);
}
