import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRealtimeConnection } from '../../api/socket';
import { useGetSettingsQuery } from '../../features/catalog/catalogApi';
import { SupportChat } from '../../features/chat/SupportChat';
import { OrdersPage } from '../../features/orders/OrdersPage';
import { redirectAfterLoginSet, selectUser } from '../../features/session/sessionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../../store/selectors';

/**
 * /orders: My Orders with the support chat beside it. A guest is sent to /login and comes back
 * here after logging in. The real-time connection is open only while this page is (socket.io-client
 * is loaded then, not on the store's first paint). Settings are read again on each visit so a
 * staff switch of showSupportInOrders shows without a reload of the app.
 */
export default function Orders() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const { data: settings } = useGetSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  useRealtimeConnection(loggedIn);

  useEffect(() => {
    if (loggedIn) return;
    console.log('No token available');
    dispatch(redirectAfterLoginSet('/orders'));
    navigate('/login', { replace: true });
  }, [loggedIn, dispatch, navigate]);

  if (!loggedIn) return null;
  const support = settings?.showSupportInOrders ? <SupportChat shopName={settings.shopName || 'LayerLoft'} /> : null;
  return <OrdersPage user={user} support={support} />;
}
