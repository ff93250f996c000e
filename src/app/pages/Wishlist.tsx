import { errorMessage } from '../../api/errors';
import { selectProducts, useGetProductsQuery } from '../../features/catalog/catalogApi';
import { ProductGrid, ProductGridSkeleton } from '../../features/catalog/ProductGrid';
import { WishlistButton } from '../../features/wishlist/WishlistButton';
import { WishlistPage } from '../../features/wishlist/WishlistPage';
import { useAppSelector } from '../../store/hooks';

/** /wishlist: the wishlist screen over the catalog's products, with the catalog's cards and hearts. */
export default function Wishlist() {
  const { data, isLoading, isError, error, refetch } = useGetProductsQuery();
  const products = useAppSelector(selectProducts);
  return (
    <WishlistPage
      catalog={{ products: data ? products : undefined, isLoading, isError, errorMessage: errorMessage(error), onRetry: () => void refetch() }}
      skeleton={<ProductGridSkeleton count={4} />}
      renderGrid={(products) => (
        <ProductGrid products={products} label="Wishlist products" eager={4} renderCardAction={(p) => <WishlistButton productId={p._id} productName={p.name} />} />
      )}
    />
  );
}
