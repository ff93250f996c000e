import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { CartPage } from '../../features/cart/CartPage';
import { SavedForLater } from '../../features/saved/SavedForLater';
import { redirectAfterLoginSet } from '../../features/session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../../store/selectors';
import { useCatalogInput } from '../useCatalogInput';

/**
 * /cart: the cart screen with the saved-for-later list under it, over the catalog's products and
 * bundles. A guest here gets /cart as the redirect-after-login target (SPEC §6).
 */
export default function Cart() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsAuthenticated);

  useEffect(() => {
    if (!loggedIn) dispatch(redirectAfterLoginSet('/cart'));
  }, [loggedIn, dispatch]);

  const catalog = useCatalogInput();

  return (
    <CartPage
      catalog={catalog}
      savedSection={<SavedForLater catalog={catalog} />}
      onLoginRequested={() => {
        dispatch(redirectAfterLoginSet('/cart'));
        navigate('/login');
      }}
    />
  );
}
