import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { ordersApi } from '../../../src/features/orders/ordersApi';
import { ordersFeature } from '../../../src/features/orders/ordersListeners';
import { selectOrdersFetching, selectRefreshingOrderId, selectVisibleOrders } from '../../../src/features/orders/ordersSelectors';
import { orderStatusRequested, searchMethodChanged, searchTextChanged, statusFilterChanged } from '../../../src/features/orders/ordersSlice';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { makeStore } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

const order = (id: string, status: Order['status'], name: string): Order => ({
  _id: id,
  status,
  items: [{ name, image: '', unitPrice: 10, quantity: 1, color: 'Red|M' }],
  amount: 10,
  paymentMethod: 'Stripe',
  date: 0,
});
/** Oldest first, as the server answers. */
const ORDERS = [order('65a1aa01', 'Delivered', 'Galaxy Dragon'), order('77c3bb02', 'Processing', 'Moon Lamp'), order('88d4cc03', 'Processing', 'Dragon Egg')];

function storeWithOrders(answer: () => Promise<Response> | Response = () => HttpResponse.json({ success: true, orders: ORDERS })) {
  mswServer.use(http.post('*/api/order/userorders', answer));
  const store = makeStore({ session: { ...initialSessionState, status: 'authenticated', token: 'tok' } });
  // My Orders' listeners (the 'Order Status' re-read), started as the page does.
  store.startFeature(ordersFeature);
  return store;
}

const visibleIds = (store: ReturnType<typeof storeWithOrders>) => selectVisibleOrders(store.getState()).map((o) => o._id);

describe('orders filtering as selectors (SPEC §5)', () => {
  it('lists the cached orders newest first, filtered by the filters in the store', async () => {
    const store = storeWithOrders();
    await store.dispatch(ordersApi.endpoints.getUserOrders.initiate());
    expect(visibleIds(store)).toEqual(['88d4cc03', '77c3bb02', '65a1aa01']);
    store.dispatch(searchTextChanged('77C3'));
    expect(visibleIds(store)).toEqual(['77c3bb02']);
    store.dispatch(searchMethodChanged('productName'));
    store.dispatch(searchTextChanged('dragon'));
    expect(visibleIds(store)).toEqual(['88d4cc03', '65a1aa01']);
    store.dispatch(statusFilterChanged('Delivered'));
    expect(visibleIds(store)).toEqual(['65a1aa01']);
  });

  it('is empty before the orders are loaded', () => {
    expect(visibleIds(storeWithOrders())).toEqual([]);
  });
});

describe("'Order Status' progress comes from the query", () => {
  it('names the asking card only while the orders are being read', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reads = 0;
    const store = storeWithOrders(async () => {
      reads += 1;
      if (reads > 1) await held;
      else await delay(0);
      return HttpResponse.json({ success: true, orders: ORDERS });
    });
    await store.dispatch(ordersApi.endpoints.getUserOrders.initiate());
    expect(selectRefreshingOrderId(store.getState())).toBeNull();

    store.dispatch(orderStatusRequested('77c3bb02'));
    expect(selectOrdersFetching(store.getState())).toBe(true);
    expect(selectRefreshingOrderId(store.getState())).toBe('77c3bb02');
    // A second press (any card) while the read runs sends nothing more.
    store.dispatch(orderStatusRequested('65a1aa01'));
    release();
    await vi.waitFor(() => expect(selectOrdersFetching(store.getState())).toBe(false));
    expect(selectRefreshingOrderId(store.getState())).toBeNull();
    expect(reads).toBe(2);
  });
});
