import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectCartItems } from '../../features/cart/cartSlice';
import { PlaceOrderPage } from '../../features/checkout/PlaceOrderPage';
import { buyNowFrom } from '../../features/checkout/rules';
import { forwardState } from '../../features/session/redirectState';
import { redirectAfterLoginSet, selectUser } from '../../features/session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../../store/selectors';
import { useCatalogInput } from '../useCatalogInput';

/**
 * /place-order: the checkout screen over the catalog, the cart and the account. A guest who opens
 * it is sent to /login and comes back here after logging in (the session's redirect target).
 */
export default function PlaceOrder() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const cartItems = useAppSelector(selectCartItems);
  const catalog = useCatalogInput();

  useEffect(() => {
    if (loggedIn) return;
    dispatch(redirectAfterLoginSet('/place-order'));
    // A buy-now item rides along in the login page's history entry (it survives a reload there too)
    // and comes back here with the redirect.
    navigate('/login', { replace: true, state: forwardState(location.state) });
  }, [loggedIn, dispatch, navigate, location.state]);

  if (!loggedIn) return null;
  return <PlaceOrderPage catalog={catalog} cartItems={cartItems} buyNow={buyNowFrom(location.state)} user={user} />;
}
