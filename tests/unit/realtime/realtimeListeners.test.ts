import { addListener, isAnyOf } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { Message, Order } from '../../../src/domain/types';
import { realtimeSubscribed, realtimeUnsubscribed } from '../../../src/features/realtime/realtimeSlice';
import { initialSessionState } from '../../../src/features/session/sessionSlice';
import { loggedOut, messageReceived, orderUpdateReceived, roomJoinRequested } from '../../../src/store/events';
import { makeStore } from '../../../src/store/store';
import { fakeSocketFactory } from '../../utils/fakeSocket';

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(token: string | null = 'tok-1') {
  const fake = fakeSocketFactory();
  // A restored session (no login side effects such as the cart merge).
  const session = token ? { ...initialSessionState, status: 'authenticated' as const, token, user: { name: 'Ada', email: 'ada@example.com' } } : undefined;
  const store = makeStore(session ? { session } : undefined, {}, { socketFactory: fake.factory });
  return { store, ...fake };
}

describe('real-time connection', () => {
  it('opens only while a screen wants it and a session exists, with the SPEC §9 defaults', async () => {
    const guest = setup(null);
    guest.store.dispatch(realtimeSubscribed());
    await flush();
    expect(guest.sockets).toHaveLength(0);

    const { store, sockets, latest } = setup();
    expect(store.getState().realtime.status).toBe('disconnected');
    store.dispatch(realtimeSubscribed());
    expect(store.getState().realtime.status).toBe('connecting');
    await flush();
    expect(sockets).toHaveLength(1);
    expect(latest().options).toMatchObject({
      path: '/socket.io',
      timeout: 20000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      withCredentials: true,
      auth: { token: 'tok-1' },
    });
    latest().serverConnects();
    expect(store.getState().realtime.status).toBe('connected');

    store.dispatch(realtimeUnsubscribed());
    await flush();
    expect(latest().disconnectedByClient).toBe(true);
    expect(store.getState().realtime.status).toBe('disconnected');
  });

  it('goes reconnecting on a drop, rejoins its rooms and reports the reconnect', async () => {
    const { store, latest } = setup();
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(store.getState().realtime.status));
    store.dispatch(realtimeSubscribed());
    await flush();
    const s = latest();
    s.serverConnects();
    store.dispatch(roomJoinRequested('c1'));
    await flush();
    expect(s.joins).toEqual(['c1']);
    s.connectionDrops();
    expect(store.getState().realtime.status).toBe('reconnecting');
    s.serverConnects();
    expect(store.getState().realtime.status).toBe('connected');
    expect(s.joins).toEqual(['c1', 'c1']);
  });

  it('turns server events into actions and closes at logout', async () => {
    const { store, latest } = setup();
    store.dispatch(realtimeSubscribed());
    await flush();
    const s = latest();
    s.serverConnects();
    const heard: unknown[] = [];
    store.dispatch(addListener({ matcher: isAnyOf(messageReceived, orderUpdateReceived), effect: (action) => void heard.push(action) }));
    const message: Message = { _id: 'm1', body: 'hi', sender: { _id: 'staff' }, conversation: 'c1', isAdmin: true, createdAt: '2026-01-01T00:00:00Z' };
    const order = { _id: 'o1', status: 'Delivered', items: [], amount: 1, paymentMethod: 'Stripe', date: 1 } as unknown as Order;
    s.serverEmit('newMessage', message);
    s.serverEmit('orderUpdated', order);
    expect(heard).toEqual([messageReceived(message), orderUpdateReceived(order)]);
    store.dispatch(loggedOut());
    await flush();
    expect(s.disconnectedByClient).toBe(true);
    expect(store.getState().realtime).toMatchObject({ status: 'disconnected', rooms: [] });
  });

  it('stays disconnected with the reason when the server refuses the handshake', async () => {
    const { store, latest } = setup();
    store.dispatch(realtimeSubscribed());
    await flush();
    latest().serverRefuses('Invalid session token. Please log in again.');
    expect(store.getState().realtime).toMatchObject({ status: 'disconnected', error: 'Invalid session token. Please log in again.' });
  });
});
