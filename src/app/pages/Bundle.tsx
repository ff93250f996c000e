import { useParams } from 'react-router-dom';
import { usePageMeta } from '../../components/PageMeta';
import { BundlePage } from '../../features/bundles/BundlePage';
import { useGetBundlesQuery } from '../../features/bundles/bundlesApi';
import { BundleProducts } from '../../features/catalog/ProductGrid';
import { selectBundleSavings } from '../../features/catalog/storeSelectors';
import type { Bundle as BundleRecord } from '../../domain/types';
import { useAppSelector } from '../../store/hooks';
import { WishlistButton } from '../../features/wishlist/WishlistButton';

const NO_PRODUCTS: readonly string[] = [];

/** The bundle's saving, from the catalog's products (the bundles feature does not read them). */
function useBundleSavings(bundle: BundleRecord | undefined) {
  return useAppSelector((s) => selectBundleSavings(s, bundle?.products ?? NO_PRODUCTS, bundle?.price ?? 0));
}

/** /bundle/:bundleId: the bundle screen, with its products and suggestions from the catalog, titled by the bundle. */
export default function Bundle() {
  const { bundleId = '' } = useParams();
  const bundle = useGetBundlesQuery().data?.find((b) => b._id === bundleId);
  usePageMeta(bundle?.title ?? 'Bundle details', bundle?.description);
  return (
    <BundlePage
      bundleId={bundleId}
      useSavings={useBundleSavings}
      renderContents={(bundle) => (
        <BundleProducts productIds={bundle.products} renderCardAction={(p) => <WishlistButton productId={p._id} productName={p.name} />} />
      )}
    />
  );
}
