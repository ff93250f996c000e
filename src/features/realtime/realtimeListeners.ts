import { apiBaseUrl } from '../../api/config';
import { loadSocketIo, SOCKET_OPTIONS, type RealtimeClient, type SocketFactory } from '../../api/socket';
import { messageReceived, orderUpdateReceived, roomJoinRequested, socketConnected } from '../../store/events';
import type { AppStartListening } from '../../store/listenerMiddleware';
import { selectSessionToken } from '../session';
import type { RootState } from '../../store/types';
import { connectionLost, connectRefused, connectStarted, disconnected, reconnectAttempted, selectRealtimeRooms, selectRealtimeWanted } from './realtimeSlice';

const wanted = (state: RootState) => selectRealtimeWanted(state) && selectSessionToken(state) !== null;

/**
 * Opens the socket while a screen wants it and a session exists; closes it when the last screen
 * leaves or the session ends (a new session gets a new socket). Server events become the plain
 * actions of store/events.ts, which the chat and orders caches listen to.
 */
export function setupRealtimeListeners(startAppListening: AppStartListening, factory: SocketFactory = loadSocketIo) {
  return startAppListening({
    predicate: (_action, current, previous) => wanted(current) && (!wanted(previous) || selectSessionToken(current) !== selectSessionToken(previous)),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const token = selectSessionToken(api.getState())!;
      const stillWanted = (s: RootState) => wanted(s) && selectSessionToken(s) === token;
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
          api.dispatch(socketConnected({ reconnected: everConnected }));
          everConnected = true;
          // Rooms do not survive a reconnect: join them again.
          for (const room of selectRealtimeRooms(api.getState())) join(room);
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
