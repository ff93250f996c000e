import { errorMessage } from '../api/errors';
import type { CatalogInput } from '../components/useResolvedLines';
import { useGetBundlesQuery } from '../features/bundles/bundlesApi';
import { useGetProductsQuery } from '../features/catalog/catalogApi';

/** The products and bundles cart lines are resolved against (cart and checkout screens), with one retry for both. */
export function useCatalogInput(): CatalogInput {
  const products = useGetProductsQuery();
  const bundles = useGetBundlesQuery();
  return {
    products: products.data,
    bundles: bundles.data,
    isLoading: products.isLoading || bundles.isLoading,
    isError: products.isError || bundles.isError,
    errorMessage: errorMessage(products.error ?? bundles.error),
    onRetry: () => {
      if (products.isError) void products.refetch();
      if (bundles.isError) void bundles.refetch();
    },
  };
}
