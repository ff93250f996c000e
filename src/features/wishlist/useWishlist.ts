import { useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../session';
import { useGetWishlistQuery } from './wishlistApi';
import { selectWishlistIds } from './wishlistSelectors';

/**
 * The wishlist ids for a component, subscribing to the server list while logged in (so the
 * header count, hearts and the wishlist page follow it). `isLoading` only while the first
 * server answer is awaited.
 */
export function useWishlistIds(): { ids: string[]; isLoading: boolean } {
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const { isLoading } = useGetWishlistQuery(undefined, { skip: !loggedIn });
  const ids = useAppSelector(selectWishlistIds);
  return { ids, isLoading: loggedIn && isLoading };
}

export function useWishlistCount(): number {
  return useWishlistIds().ids.length;
}
