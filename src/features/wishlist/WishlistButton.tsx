import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import { tapArea } from '../../components/tapArea';
import { useAppDispatch } from '../../store/hooks';
import { useWishlistIds } from './useWishlist';
import { wishlistHeartClicked } from './wishlistThunks';

/** The heart on product cards: adds or removes the product from the wishlist (optimistic when logged in). */
export function WishlistButton({ productId, productName }: { productId: string; productName: string }) {
  const dispatch = useAppDispatch();
  const active = useWishlistIds().ids.includes(productId);
  return (
    <IconButton
      size="small"
      aria-pressed={active}
      aria-label={active ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      onClick={() => dispatch(wishlistHeartClicked(productId))}
      sx={{
        // A small heart on the card, a 44px hit area for fingers.
        ...tapArea,
        minWidth: 0,
        minHeight: 0,
        bgcolor: 'rgba(255,255,255,0.92)',
        color: active ? 'primary.main' : 'text.primary',
        boxShadow: '0 2px 8px rgba(43,34,51,0.15)',
        '&:hover': { bgcolor: '#FFFFFF', color: 'primary.main' },
      }}
    >
      {active ? <Favorite fontSize="small" /> : <FavoriteBorder fontSize="small" />}
    </IconButton>
  );
}
