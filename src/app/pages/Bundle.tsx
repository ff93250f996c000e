import { useParams } from 'react-router-dom';
import { usePageMeta } from '../../components/PageMeta';
import { BundlePage } from '../../features/bundles/BundlePage';
import { useGetBundlesQuery } from '../../features/bundles/bundlesApi';
import { BundleProducts } from '../../features/catalog/ProductGrid';
import { WishlistButton } from '../../features/wishlist/WishlistButton';

/** /bundle/:bundleId: the bundle screen, with its products and suggestions from the catalog, titled by the bundle. */
export default function Bundle() {
  const { bundleId = '' } = useParams();
  const bundle = useGetBundlesQuery().data?.find((b) => b._id === bundleId);
  usePageMeta(bundle?.title ?? 'Bundle details', bundle?.description);
  return (
    <BundlePage
      bundleId={bundleId}
      renderContents={(bundle) => (
        <BundleProducts productIds={bundle.products} renderCardAction={(p) => <WishlistButton productId={p._id} productName={p.name} />} />
      )}
    />
  );
}
