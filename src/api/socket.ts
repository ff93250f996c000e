import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../domain/types';

/**
 * The socket client factory (ARCHITECTURE.md: socket.io on /socket.io, token in the handshake
 * auth). Only the wire lives here: the connection's state machine is the realtime feature
 * (src/features/realtime), and what the server sends reaches RTK Query caches from there.
 *
 * socket.io-client is imported lazily, the first time a screen wants the connection (My Orders),
 * so it never weighs on the store's first paint.
 */

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

/** The part of a socket.io-client socket the app uses (tests pass a fake). */
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
