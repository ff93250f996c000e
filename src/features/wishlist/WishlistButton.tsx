/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import { brand, FOCUS_OUTLINE } from '../../components/brand';
import { tapArea } from '../../components/tapArea';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectWishlistIds } from './wishlistSelectors';
import { heartClicked } from './wishlistSlice';

/** Material's Favorite and FavoriteBorder icons (24 × 24). */
const HEART_FULL = 'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z';
const HEART_OUTLINE =
  'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05';

/**
 * Serialized once when the module loads: every card of a grid has a heart, and a
 * category click mounts twelve new ones; MUI's IconButton (ButtonBase, ripple, SvgIcon, `sx`)
 * was a good part of that click's work. Drawn as IconButton size="small" drew it.
 */
const heartButton = css({
  ...tapArea,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 5,
  border: 0,
  borderRadius: '50%',
  backgroundColor: 'rgba(255,255,255,0.92)',
  color: brand.ink,
  boxShadow: '0 2px 8px rgba(43,34,51,0.15)',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease',
  '&[aria-pressed="true"], &:hover': { color: brand.coral },
  '&:hover': { backgroundColor: '#FFFFFF' },
  '&:focus-visible': { outline: FOCUS_OUTLINE, outlineOffset: 2 },
  '& svg': { width: 20, height: 20, fill: 'currentColor', display: 'block' },
});

/** The heart on product cards: adds or removes the product from the wishlist (optimistic when logged in). */
export function WishlistButton({ productId, productName }: { productId: string; productName: string }) {
  const dispatch = useAppDispatch();
  // Only this heart's state: the header (on every page with hearts) keeps the server list subscribed,
  // so twelve new cards do not each start a query subscription of their own.
  const active = useAppSelector((state) => selectWishlistIds(state).includes(productId));
  return (
    <button
      type="button"
      css={heartButton}
      aria-pressed={active}
      aria-label={active ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      onClick={() => dispatch(heartClicked({ productId }))}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={active ? HEART_FULL : HEART_OUTLINE} />
      </svg>
    </button>
  );
}
