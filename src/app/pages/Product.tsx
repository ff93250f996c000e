import { useParams } from 'react-router-dom';
import { ProductPage } from '../../features/catalog/ProductPage';
import { WishlistButton } from '../../features/wishlist/WishlistButton';

/** /product/:productId: the catalog's product screen with wishlist hearts. */
export default function Product() {
  const { productId = '' } = useParams();
  const heart = (p: { _id: string; name: string }) => <WishlistButton productId={p._id} productName={p.name} />;
  return <ProductPage productId={productId} renderAction={heart} renderCardAction={heart} />;
}
