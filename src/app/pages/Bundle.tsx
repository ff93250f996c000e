import { useParams } from 'react-router-dom';
import { BundlePage } from '../../features/bundles/BundlePage';
import { BundleProducts } from '../../features/catalog/ProductGrid';
import { WishlistButton } from '../../features/wishlist/WishlistButton';

/** /bundle/:bundleId: the bundle screen, with its products and suggestions from the catalog. */
export default function Bundle() {
  const { bundleId = '' } = useParams();
  return (
    <BundlePage
      bundleId={bundleId}
      renderContents={(bundle) => (
        <BundleProducts productIds={bundle.products} renderCardAction={(p) => <WishlistButton productId={p._id} productName={p.name} />} />
      )}
    />
  );
}
