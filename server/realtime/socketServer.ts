import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, Message, Order, ServerToClientEvents } from '../../src/domain/types';
import type { AuthUser } from '../lib/auth';
import { HttpError } from '../lib/errors';
import { orderToWire } from '../repositories/orders';

export interface SocketData {
  user: AuthUser;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Rooms: a conversation's watchers (joined with `join`), each user's own sockets, all staff sockets. */
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const STAFF_ROOM = 'staff';

export const DEFAULT_REDIS_KEY = 'layerloft-socket.io';
export const SOCKET_PATH = '/socket.io';

export const REALTIME_MESSAGES = {
  invalidConversation: 'Invalid conversation id',
  conversationNotFound: 'Conversation not found',
  notAuthorized: 'Not authorized. Please log in.',
} as const;

const ID_RE = /^[0-9a-f]{24}$/;

export interface Realtime {
  readonly io: RealtimeServer;
  /** Sends a saved message to its conversation's room (the owner's joined sockets and every staff socket). */
  messageSaved(message: Message): void;
  /** Tells the order's owner (every socket of theirs, on every instance) the order changed. */
  orderChanged(userId: string, order: Order): void;
}

/** The session token of a handshake: `auth.token` (socket.io-client `auth`), else a `token` header. */
function handshakeToken(socket: RealtimeSocket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  const raw = typeof fromAuth === 'string' ? fromAuth : socket.handshake.headers.token;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * socket.io on Fastify's HTTP server (path /socket.io, ARCHITECTURE.md). The handshake must carry
 * a valid session token; every socket sits in its user's room (orderUpdated) and staff sockets in
 * the staff room; `join(conversationId)` admits only the conversation's owner or staff — checked
 * again against the database on each join, so a token revoked since the handshake cannot join.
 * With REDIS_URL the Redis adapter carries every emit to the sockets of every instance.
 */
export async function attachRealtime(app: FastifyInstance): Promise<Realtime> {
  const { config } = app;
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // Same origin unless CORS_ORIGINS lists others (as for the HTTP API).
    cors: config.corsOrigins.length ? { origin: config.corsOrigins, credentials: true } : undefined,
    // Clients only send `join` with an id: nothing large is ever legitimate.
    maxHttpBufferSize: 16 * 1024,
  });

  let closeRedis = async () => {};
  if (config.redisUrl) {
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err: Error) => app.log.warn({ err: err.message }, 'realtime redis error'));
    // The adapter publishes without awaiting. With Redis unreachable, ioredis rejects the queued
    // publish (maxRetriesPerRequest), and an unhandled rejection ends the process: one emit during a
    // Redis outage took the whole server down. The message is already saved (the thread shows it);
    // only its live delivery to other instances is lost, so log that and keep serving.
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
    pub.publish = ((...args: unknown[]) => {
      const sent = publish(...args);
      sent.catch((err: Error) => app.log.warn({ err: err.message }, 'realtime redis publish failed; live delivery to other instances skipped'));
      return sent;
    }) as typeof pub.publish;
    io.adapter(createAdapter(pub, sub, { key: config.realtimeRedisKey ?? DEFAULT_REDIS_KEY }));
    closeRedis = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  io.use((socket, next) => {
    app.authenticate(handshakeToken(socket)).then(
      (user) => {
        socket.data.user = user;
        next();
      },
      (err: unknown) => next(new Error(err instanceof HttpError ? err.message : REALTIME_MESSAGES.notAuthorized)),
    );
  });

  io.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join(userRoom(user.id));
    if (user.role === 'staff') void socket.join(STAFF_ROOM);

    socket.on('join', async (conversationId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (typeof conversationId !== 'string' || !ID_RE.test(conversationId)) {
        reply({ ok: false, message: REALTIME_MESSAGES.invalidConversation });
        return;
      }
      let current: AuthUser;
      try {
        current = await app.authenticate(handshakeToken(socket));
      } catch (err) {
        reply({ ok: false, message: err instanceof HttpError ? err.message : REALTIME_MESSAGES.notAuthorized });
        socket.disconnect(true);
        return;
      }
      try {
        const conversation =
          current.role === 'staff' ? await app.conversations.findById(conversationId) : await app.conversations.findOwned(conversationId, current.id);
        if (!conversation) {
          reply({ ok: false, message: REALTIME_MESSAGES.conversationNotFound });
          return;
        }
        await socket.join(conversationRoom(conversationId));
        reply({ ok: true });
      } catch (err) {
        app.log.error({ err }, 'socket join failed');
        reply({ ok: false, message: 'Internal server error' });
      }
    });
  });

  const realtime: Realtime = {
    io,
    messageSaved(message) {
      io.to(conversationRoom(message.conversation)).to(STAFF_ROOM).emit('newMessage', message);
    },
    orderChanged(userId, order) {
      io.to(userRoom(userId)).emit('orderUpdated', order);
    },
  };

  const stopListening = app.orders.onOrderChanged((row) => realtime.orderChanged(row.userId, orderToWire(row)));

  // Open sockets would hold the HTTP server's close forever: end them before Fastify closes it.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    stopListening();
    await Promise.allSettled([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
    await closeRedis();
  });

  return realtime;
}
