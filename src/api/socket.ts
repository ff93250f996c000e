import { createAction, createSlice } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, Message, Order, ServerToClientEvents } from '../domain/types';
import { loggedOut } from '../store/events';
import { useAppDispatch } from '../store/hooks';
import type { AppStartListening } from '../store/listenerMiddleware';
import type { RootState } from '../store/store';
import { apiBaseUrl } from './config';

/**
 * The real-time connection (ARCHITECTURE.md: socket.io on /socket.io, token in the handshake
 * auth). The socket object lives only inside the listener below (STYLE rule 6): state holds the
 * connection's named status, how many screens want it and which conversation rooms to be in.
 *
 *   disconnected ──connectStarted──▶ connecting ──connected──▶ connected
 *        ▲                               │ reconnectAttempted      │ connectionLost
 *        │                               ▼                         ▼
 *        └──── disconnected / connectRefused ◀──── reconnecting ◀──┘   (──connected──▶ connected)
 *
 * socket.io-client is imported lazily, the first time a screen subscribes (My Orders), so it never
 * weighs on the store's first paint.
 */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** SPEC §9 connection defaults. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  withCredentials: true,
  autoConnect: false,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

/** The part of a socket.io-client socket this module uses (tests pass a fake). */
export interface RealtimeClient {
  readonly connected: boolean;
  /** False once the client stopped trying (refused by the server's handshake check). */
  readonly active: boolean;
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on(event: 'connect_error', listener: (err: Error) => void): unknown;
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
  io: { on(event: 'reconnect_attempt', listener: (attempt: number) => void): unknown; removeAllListeners(): unknown };
}

export type SocketFactory = (url: string, options: typeof SOCKET_OPTIONS & { auth: { token: string } }) => Promise<RealtimeClient>;

/** The real factory: socket.io-client, loaded on first use. */
export const loadSocketIo: SocketFactory = async (url, options) => {
  const { io } = await import('socket.io-client');
  return io(url, options) as unknown as RealtimeClient;
};

export interface RealtimeState {
  status: ConnectionStatus;
  /** Screens that want the connection now (My Orders); it is open while > 0 and a session exists. */
  subscribers: number;
  /** Conversation rooms to be in; joined on every (re)connect. */
  rooms: string[];
  /** Why the server refused the connection, when it did. */
  error: string | null;
}

const initialState: RealtimeState = { status: 'disconnected', subscribers: 0, rooms: [], error: null };

// ---- events (past tense) ---------------------------------------------------------------------
export const realtimeSubscribed = createAction('realtime/subscribed');
export const realtimeUnsubscribed = createAction('realtime/unsubscribed');
/** A feature asked to receive a conversation's messages (joined now if connected, and after every reconnect). */
export const roomJoinRequested = createAction<string>('realtime/roomJoinRequested');
export const connectStarted = createAction('realtime/connectStarted');
/** `reconnected`: this socket had been connected before (events may have been missed meanwhile). */
export const connected = createAction<{ reconnected: boolean }>('realtime/connected');
export const connectionLost = createAction<{ reason: string }>('realtime/connectionLost');
export const reconnectAttempted = createAction<{ attempt: number }>('realtime/reconnectAttempted');
export const connectRefused = createAction<{ message: string }>('realtime/connectRefused');
export const disconnected = createAction('realtime/disconnected');
/** Server events, as plain actions any feature may handle. */
export const messageReceived = createAction<Message>('realtime/messageReceived');
export const orderUpdateReceived = createAction<Order>('realtime/orderUpdateReceived');

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(realtimeSubscribed, (state) => {
        state.subscribers += 1;
      })
      .addCase(realtimeUnsubscribed, (state) => {
        state.subscribers = Math.max(0, state.subscribers - 1);
      })
      .addCase(roomJoinRequested, (state, { payload }) => {
        if (payload && !state.rooms.includes(payload)) state.rooms.push(payload);
      })
      .addCase(connectStarted, (state) => {
        if (state.status !== 'disconnected') return;
        state.status = 'connecting';
        state.error = null;
      })
      .addCase(connected, (state) => {
        if (state.status === 'disconnected') return;
        state.status = 'connected';
        state.error = null;
      })
      .addCase(connectionLost, (state) => {
        if (state.status !== 'connected') return;
        state.status = 'reconnecting';
      })
      .addCase(reconnectAttempted, (state) => {
        if (state.status !== 'connecting' && state.status !== 'connected') return;
        state.status = 'reconnecting';
      })
      .addCase(connectRefused, (state, { payload }) => {
        state.status = 'disconnected';
        state.error = payload.message;
      })
      .addCase(disconnected, (state) => {
        state.status = 'disconnected';
      })
      .addCase(loggedOut, (state) => {
        state.rooms = [];
        state.error = null;
      });
  },
  selectors: {
    selectConnectionStatus: (state) => state.status,
    selectRealtimeError: (state) => state.error,
  },
});

export const { selectConnectionStatus, selectRealtimeError } = realtimeSlice.selectors;

function sessionToken(state: RootState): string | null {
  const s = state.session;
  return s.status === 'authenticated' && s.token ? s.token : null;
}

const wanted = (state: RootState) => state.realtime.subscribers > 0 && sessionToken(state) !== null;

/**
 * Opens the socket while a screen wants it and a session exists; closes it when the last screen
 * leaves or the session ends (a new session gets a new socket). Server events become actions.
 */
export function setupRealtimeListeners(startAppListening: AppStartListening, factory: SocketFactory = loadSocketIo) {
  return startAppListening({
    predicate: (_action, current, previous) => wanted(current) && (!wanted(previous) || sessionToken(current) !== sessionToken(previous)),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const token = sessionToken(api.getState())!;
      const stillWanted = (s: RootState) => wanted(s) && sessionToken(s) === token;
      let socket: RealtimeClient | undefined;
      const join = (conversationId: string) => {
        socket?.emit('join', conversationId, (result) => {
          if (!result?.ok) console.error(`Could not join conversation ${conversationId}: ${result?.message ?? 'refused'}`);
        });
      };
      api.dispatch(connectStarted());
      try {
        socket = await api.pause(factory(apiBaseUrl(), { ...SOCKET_OPTIONS, auth: { token } }));
        let everConnected = false;
        socket.on('connect', () => {
          api.dispatch(connected({ reconnected: everConnected }));
          everConnected = true;
          // Rooms do not survive a reconnect: join them again.
          for (const room of api.getState().realtime.rooms) join(room);
        });
        socket.on('disconnect', (reason) => {
          // Our own disconnect() is the teardown below; the server ending the socket is final.
          if (reason === 'io client disconnect') return;
          if (reason === 'io server disconnect') api.dispatch(disconnected());
          else api.dispatch(connectionLost({ reason }));
        });
        socket.on('connect_error', (err) => {
          // Refused by the handshake check (not a network failure): the client will not retry.
          if (!socket!.active) api.dispatch(connectRefused({ message: err.message }));
        });
        socket.io.on('reconnect_attempt', (attempt) => api.dispatch(reconnectAttempted({ attempt })));
        socket.on('newMessage', (message) => api.dispatch(messageReceived(message)));
        socket.on('orderUpdated', (order) => api.dispatch(orderUpdateReceived(order)));
        socket.connect();

        while (stillWanted(api.getState())) {
          const [action] = await api.take((a, s) => roomJoinRequested.match(a) || !stillWanted(s));
          if (roomJoinRequested.match(action) && socket.connected) join(action.payload);
        }
      } finally {
        if (socket) {
          socket.removeAllListeners();
          socket.io.removeAllListeners();
          socket.disconnect();
        }
        // A newer run (cancelled this one) owns the status now.
        if (!api.signal.aborted) api.dispatch(disconnected());
      }
    },
  });
}

/** Keeps the real-time connection open while the calling screen is mounted (and `enabled`). */
export function useRealtimeConnection(enabled = true): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return;
    dispatch(realtimeSubscribed());
    return () => {
      dispatch(realtimeUnsubscribed());
    };
  }, [enabled, dispatch]);
}
