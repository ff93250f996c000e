import { describe, expect, it } from 'vitest';
import {
  connectionLost,
  connectRefused,
  connectStarted,
  disconnected,
  realtimeSlice,
  realtimeSubscribed,
  realtimeUnsubscribed,
  reconnectAttempted,
} from '../../../src/features/realtime/realtimeSlice';
import { loggedOut, roomJoinRequested, socketConnected } from '../../../src/store/events';

type Action = Parameters<typeof realtimeSlice.reducer>[1];
const run = (...actions: Action[]) => actions.reduce(realtimeSlice.reducer, realtimeSlice.getInitialState());

describe('real-time connection state machine', () => {
  it('disconnected → connecting → connected → reconnecting → connected', () => {
    expect(run(connectStarted()).status).toBe('connecting');
    expect(run(connectStarted(), socketConnected({ reconnected: false })).status).toBe('connected');
    expect(run(connectStarted(), socketConnected({ reconnected: false }), connectionLost({ reason: 'transport close' })).status).toBe('reconnecting');
    expect(run(connectStarted(), reconnectAttempted({ attempt: 1 }), socketConnected({ reconnected: true })).status).toBe('connected');
  });

  it('ignores a late connect once disconnected; a refusal keeps its reason', () => {
    expect(run(socketConnected({ reconnected: false })).status).toBe('disconnected');
    expect(run(connectStarted(), disconnected(), socketConnected({ reconnected: false })).status).toBe('disconnected');
    expect(run(connectStarted(), connectRefused({ message: 'Invalid session token.' }))).toMatchObject({ status: 'disconnected', error: 'Invalid session token.' });
  });

  it('counts subscribers (never below 0) and keeps each room once until logout', () => {
    expect(run(realtimeSubscribed(), realtimeSubscribed(), realtimeUnsubscribed()).subscribers).toBe(1);
    expect(run(realtimeUnsubscribed()).subscribers).toBe(0);
    expect(run(roomJoinRequested('c1'), roomJoinRequested('c1'), roomJoinRequested('c2')).rooms).toEqual(['c1', 'c2']);
    expect(run(roomJoinRequested('c1'), loggedOut()).rooms).toEqual([]);
  });
});
