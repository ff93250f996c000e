import { useGetSettingsQuery } from '../../features/catalog/catalogApi';
import { SupportChat } from '../../features/chat/SupportChat';
import { OrdersPage } from '../../features/orders/OrdersPage';
import { selectConnectionStatus } from '../../features/realtime/realtimeSlice';
import { useRealtimeConnection } from '../../features/realtime/useRealtimeConnection';
import { useAppSelector } from '../../store/hooks';
import { selectUserProfile } from '../../features/session/sessionSelectors';

/**
 * /orders (behind RequireAuth): My Orders with the support chat beside it. The real-time
 * connection is open only while this page is (socket.io-client is loaded then, not on the store's
 * first paint). Settings are read again on each visit so a staff switch of showSupportInOrders
 * shows without a reload of the app.
 */
export default function Orders() {
  const user = useAppSelector(selectUserProfile);
  const { data: settings } = useGetSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const connection = useAppSelector(selectConnectionStatus);
  useRealtimeConnection();

  const support = settings?.showSupportInOrders ? <SupportChat shopName={settings.shopName || 'LayerLoft'} connection={connection} /> : null;
  return <OrdersPage user={user} support={support} />;
}
