import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetBundlesQuery } from '../../features/bundles/bundlesApi';
import { useHydrated } from '../../components/useHydrated';
import { CartPage } from '../../features/cart/CartPage';
import { useGetProductsQuery } from '../../features/catalog/catalogApi';
import { SavedForLater } from '../../features/saved/SavedForLater';
import { redirectAfterLoginSet } from '../../features/session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../../features/session/sessionSelectors';

/**
 * /cart: the cart screen with the saved-for-later list under it. This page keeps the product and
 * bundle lists loaded (the screens read them from the cache through selectors). A guest here gets
 * /cart as the redirect-after-login target (SPEC §6).
 */
export default function Cart() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  // Guest or not is known once the saved token is back (after hydration).
  const ready = useHydrated();
  const products = useGetProductsQuery();
  const bundles = useGetBundlesQuery();

  useEffect(() => {
    if (ready && !loggedIn) dispatch(redirectAfterLoginSet('/cart'));
  }, [ready, loggedIn, dispatch]);

  return (
    <CartPage
      savedSection={<SavedForLater />}
      onLoginRequested={() => {
        dispatch(redirectAfterLoginSet('/cart'));
        navigate('/login');
      }}
      onRetry={() => {
        if (products.isError) void products.refetch();
        if (bundles.isError) void bundles.refetch();
      }}
    />
  );
}
