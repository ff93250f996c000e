import { StorePage } from '../../features/catalog/StorePage';
import { WishlistButton } from '../../features/wishlist/WishlistButton';

/** /collection: the catalog's store screen with the wishlist heart on each card. */
export default function Store() {
  return <StorePage renderCardAction={(p) => <WishlistButton productId={p._id} productName={p.name} />} />;
}
