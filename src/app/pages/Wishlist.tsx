import { errorMessage } from '../../api/errors';
import { useGetProductsQuery } from '../../features/catalog/catalogApi';
import { ProductGrid } from '../../features/catalog/ProductGrid';
import { WishlistButton } from '../../features/wishlist/WishlistButton';
import { WishlistPage } from '../../features/wishlist/WishlistPage';

/** /wishlist: the wishlist screen over the catalog's products, with the catalog's cards and hearts. */
export default function Wishlist() {
  const { data, isLoading, isError, error, refetch } = useGetProductsQuery();
  return (
    <WishlistPage
      catalog={{ products: data, isLoading, isError, errorMessage: errorMessage(error), onRetry: () => void refetch() }}
      renderGrid={(products) => (
        <ProductGrid products={products} label="Wishlist products" eager={4} renderCardAction={(p) => <WishlistButton productId={p._id} productName={p.name} />} />
      )}
    />
  );
}
