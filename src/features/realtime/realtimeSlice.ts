import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut, realtimeSubscribed, realtimeUnsubscribed, roomJoinRequested, socketConnected } from '../../store/events';

/**
 * The real-time connection's state machine. The socket object itself lives only inside the
 * listener (realtimeListeners.ts, STYLE rule 6): state holds the connection's named status, how
 * many screens want it and which conversation rooms to be in.
 *
 *   disconnected ──connectStarted──▶ connecting ──connected──▶ connected
 *        ▲                               │ reconnectAttempted      │ connectionLost
 *        │                               ▼                         ▼
 *        └──── disconnected / connectRefused ◀──── reconnecting ◀──┘   (──connected──▶ connected)
 */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

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

// ---- events (past tense); `connected` and the server's events are in store/events.ts ----------
export { realtimeSubscribed, realtimeUnsubscribed };
export const connectStarted = createAction('realtime/connectStarted');
export const connectionLost = createAction<{ reason: string }>('realtime/connectionLost');
export const reconnectAttempted = createAction<{ attempt: number }>('realtime/reconnectAttempted');
export const connectRefused = createAction<{ message: string }>('realtime/connectRefused');
export const disconnected = createAction('realtime/disconnected');

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
      .addCase(socketConnected, (state) => {
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
    selectRealtimeRooms: (state) => state.rooms,
    /** The connection is wanted while a screen asks for it (the session is checked by the listener). */
    selectRealtimeWanted: (state) => state.subscribers > 0,
  },
});

declare module '../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the root state gains this slice
  interface EagerSlices extends WithSlice<typeof realtimeSlice> {}
}

export const { selectConnectionStatus, selectRealtimeRooms, selectRealtimeWanted } = realtimeSlice.selectors;
