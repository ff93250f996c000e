import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { ordersApi } from '../../../src/features/orders/ordersApi';
import { ordersFeature } from '../../../src/features/orders/ordersListeners';
import { selectOrders } from '../../../src/features/orders/ordersSelectors';
import { orderStatusRequested, ordersPageOpened } from '../../../src/features/orders/ordersSlice';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { orderUpdateReceived, socketConnected } from '../../../src/store/events';
import { makeStore, type PreloadedState } from '../../../src/store/store';
import { mswServer } from '../../utils/msw';

/** A store with My Orders' listeners started, as the page does (useFeature). */
function ordersStore(preloaded?: PreloadedState) {
  const store = makeStore(preloaded);
  store.startFeature(ordersFeature);
  return store;
}

const ORDER: Order = { _id: 'o1', status: 'Processing', items: [{ name: 'Moon Lamp', image: '', unitPrice: 10, quantity: 1, color: '|' }], amount: 10, paymentMethod: 'Stripe', date: 0 };
const session = { ...initialSessionState, status: 'authenticated' as const, token: 'tok' };

describe('orders listeners', () => {
  it("logs 'No token available' when My Orders opens without a session (SPEC §8)", () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    ordersStore().dispatch(ordersPageOpened());
    expect(log).toHaveBeenCalledWith('No token available');
    log.mockClear();
    ordersStore({ session }).dispatch(ordersPageOpened());
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("'Order Status' reads the orders again; without a session it reads nothing", async () => {
    let reads = 0;
    mswServer.use(
      http.post('*/api/order/userorders', () => {
        reads += 1;
        return HttpResponse.json({ success: true, orders: [ORDER] });
      }),
    );
    const store = ordersStore({ session });
    await store.dispatch(ordersApi.endpoints.getUserOrders.initiate());
    store.dispatch(orderStatusRequested('o1'));
    await vi.waitFor(() => expect(reads).toBe(2));
    const guest = ordersStore();
    guest.dispatch(orderStatusRequested('o1'));
    expect(ordersApi.endpoints.getUserOrders.select()(guest.getState()).isUninitialized).toBe(true);
  });

  it('patches a live orderUpdated into the cached list in place', async () => {
    mswServer.use(http.post('*/api/order/userorders', () => HttpResponse.json({ success: true, orders: [ORDER] })));
    const store = ordersStore({ session });
    await store.dispatch(ordersApi.endpoints.getUserOrders.initiate());
    store.dispatch(orderUpdateReceived({ ...ORDER, status: 'Delivered', trackingNumber: 'T-9' }));
    expect(selectOrders(store.getState())).toEqual([{ ...ORDER, status: 'Delivered', trackingNumber: 'T-9' }]);
  });

  it('reads the list again once the socket is up (an order moved between the read and the connection), not before any read', async () => {
    let reads = 0;
    mswServer.use(
      http.post('*/api/order/userorders', () => {
        reads += 1;
        return HttpResponse.json({ success: true, orders: [{ ...ORDER, status: reads === 1 ? 'Order Placed' : 'Processing' }] });
      }),
    );
    const store = ordersStore({ session });
    const sub = store.dispatch(ordersApi.endpoints.getUserOrders.initiate());
    await sub;
    expect(selectOrders(store.getState())[0]!.status).toBe('Order Placed');
    store.dispatch(socketConnected({ reconnected: false }));
    await vi.waitFor(() => expect(selectOrders(store.getState())[0]!.status).toBe('Processing'));
    expect(reads).toBe(2);
    sub.unsubscribe();
    // A store that has read nothing reads nothing on connecting.
    const fresh = ordersStore({ session });
    fresh.dispatch(socketConnected({ reconnected: false }));
    expect(ordersApi.endpoints.getUserOrders.select()(fresh.getState()).isUninitialized).toBe(true);
  });
});
