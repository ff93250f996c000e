import { OrderPlacedPage } from '../../features/checkout/OrderPlacedPage';

/** /order-placed: the order confirmation (SPEC §2). */
export default function OrderPlaced() {
  return <OrderPlacedPage />;
}
