import { useParams } from 'react-router-dom';
import { usePageMeta } from '../../components/PageMeta';
import { useGetProductQuery } from '../../features/catalog/catalogApi';
import { ProductPage } from '../../features/catalog/ProductPage';
import { ReviewsSection } from '../../features/reviews/ReviewsSection';
import { WishlistButton } from '../../features/wishlist/WishlistButton';

/** /product/:productId: the catalog's product screen with wishlist hearts and reviews, titled by the product. */
export default function Product() {
  const { productId = '' } = useParams();
  // The same cache entry the screen reads (one request).
  const { data: product, isError } = useGetProductQuery(productId, { skip: !productId });
  usePageMeta(product?.name ?? (isError ? 'Product not found' : 'Product details'), product?.description);
  const heart = (p: { _id: string; name: string }) => <WishlistButton productId={p._id} productName={p.name} />;
  const reviews = (p: { _id: string; name: string }) => <ReviewsSection product={p} />;
  return <ProductPage productId={productId} renderAction={heart} renderCardAction={heart} renderReviews={reviews} />;
}
