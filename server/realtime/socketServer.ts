import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { ClientToServerEvents, Message, Order, ServerToClientEvents } from '../../src/domain/types';
import type { AuthUser } from '../lib/auth';
import { HttpError } from '../lib/errors';
import { REDIS_COMMAND_TIMEOUT_MS } from '../lib/redis';
import type { SessionsEnded } from '../repositories/users';

export interface SocketData {
  user: AuthUser;
}
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Rooms: a conversation's watchers (joined with `join`), each user's and each session's own sockets, all staff sockets. */
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const STAFF_ROOM = 'staff';

export const DEFAULT_REDIS_KEY = 'layerloft-socket.io';
export const SOCKET_PATH = '/socket.io';

export const REALTIME_MESSAGES = {
  invalidConversation: 'Invalid conversation id',
  conversationNotFound: 'Conversation not found',
  notAuthorized: 'Not authorized. Please log in.',
  tooManyConnections: 'Too many open connections for this account. Close another tab or device and try again.',
  tooManyJoins: 'Too many conversations opened. Please try again in a minute.',
} as const;

/**
 * Bounds on a shopper's sockets (per instance): open connections per account, and `join`s per
 * socket per minute (each join reads the database). Staff are exempt — they open many threads
 * from several devices.
 */
export const SOCKET_LIMITS = { connectionsPerUser: 10, joinsPerWindow: 20, joinWindowMs: 60_000 } as const;

const ID_RE = /^[0-9a-f]{24}$/;

export interface Realtime {
  readonly io: RealtimeServer;
  /** Sends a saved message to its conversation's room (the owner's joined sockets and every staff socket). */
  messageSaved(message: Message): void;
  /** Tells the order's owner (every socket of theirs, on every instance) and every staff socket that the order changed. */
  orderChanged(userId: string, order: Order): void;
  /** Disconnects the sockets of ended sessions on every instance; they leave every room. */
  disconnectSessions(ended: SessionsEnded): void;
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
    // A draining or closing instance takes no new socket (handshake or websocket upgrade, even one
    // arriving on a connection the balancer kept open): the client tries again and lands on an
    // instance that stays. A socket accepted now would hold the HTTP server's close open.
    allowRequest: (_req, answer) => answer(leaving() ? 'draining' : null, !leaving()),
  });
  let closing = false;
  const leaving = () => closing || app.lifecycle.draining;

  if (app.redis) {
    const { createAdapter } = await import('@socket.io/redis-adapter');
    // Publishes fail at once while Redis is down (no queue of stale events); the subscriber waits for
    // Redis however long it takes (no command timeout: the adapter does not catch its subscribe
    // calls) and subscribes again each time it comes back.
    const pub = app.redis.open('realtime-publish', { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
    const sub = app.redis.open('realtime-subscribe', { maxRetriesPerRequest: null });
    // The adapter publishes without awaiting: an unhandled rejection would end the process. The
    // message is already saved (the thread shows it); only its live delivery to other instances is
    // lost, so log that (once per outage) and keep serving.
    let publishFailing = false;
    const publish = pub.client.publish.bind(pub.client) as (...args: unknown[]) => Promise<number>;
    pub.client.publish = ((...args: unknown[]) => {
      const sent = publish(...args);
      sent.then(
        () => (publishFailing = false),
        (err: Error) => {
          pub.failed(err);
          if (!publishFailing) app.log.warn({ err: err.message }, 'realtime redis publish failed; live delivery to other instances skipped');
          publishFailing = true;
        },
      );
      return sent;
    }) as typeof pub.client.publish;
    io.adapter(createAdapter(pub.client, sub.client, { key: config.realtimeRedisKey ?? DEFAULT_REDIS_KEY }));
    // While Redis was away, this instance's sockets missed what other instances emitted (and theirs
    // what this one emitted). Once it is back, every local socket's transport is closed: clients
    // reconnect by themselves (with their randomised back-off), join again and fetch what they
    // missed, as after any reconnect.
    let subscriberWasDown = false;
    sub.client.on('close', () => (subscriberWasDown = true));
    sub.client.on('ready', () => {
      if (!subscriberWasDown) return;
      subscriberWasDown = false;
      const local = [...io.of('/').sockets.values()];
      app.log.info({ sockets: local.length }, 'Redis is back: local sockets reconnect to catch up on live events they missed');
      for (const socket of local) socket.conn.close();
    });
  }

  const openByUser = new Map<string, number>();
  io.use((socket, next) => {
    app.authenticate(handshakeToken(socket)).then(
      (user) => {
        if (user.role !== 'staff') {
          const open = openByUser.get(user.id) ?? 0;
          if (open >= SOCKET_LIMITS.connectionsPerUser) return next(new Error(REALTIME_MESSAGES.tooManyConnections));
          // Counted here, not on 'connection': handshakes in flight at once must not all pass.
          openByUser.set(user.id, open + 1);
          // The transport's close, not 'disconnect': it also comes for a client gone before its connect completed.
          socket.conn.once('close', () => {
            const left = (openByUser.get(user.id) ?? 1) - 1;
            if (left > 0) openByUser.set(user.id, left);
            else openByUser.delete(user.id);
          });
        }
        socket.data.user = user;
        next();
      },
      (err: unknown) => next(new Error(err instanceof HttpError ? err.message : REALTIME_MESSAGES.notAuthorized)),
    );
  });

  io.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
    if (user.role === 'staff') void socket.join(STAFF_ROOM);

    let joinWindowStart = 0;
    let joins = 0;
    socket.on('join', async (conversationId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (user.role !== 'staff') {
        const now = Date.now();
        if (now - joinWindowStart >= SOCKET_LIMITS.joinWindowMs) {
          joinWindowStart = now;
          joins = 0;
        }
        if (++joins > SOCKET_LIMITS.joinsPerWindow) {
          reply({ ok: false, message: REALTIME_MESSAGES.tooManyJoins });
          return;
        }
      }
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
      // Staff see it too: the dashboard, the board and an open order page read again.
      io.to(userRoom(userId)).to(STAFF_ROOM).emit('orderUpdated', order);
    },
    disconnectSessions({ userId, sessionId }) {
      io.in(sessionId ? sessionRoom(sessionId) : userRoom(userId)).disconnectSockets(true);
    },
  };

  // Open sockets would hold the HTTP server's close forever: end them before Fastify closes it. Their
  // transports are closed, not the sockets disconnected: a client told 'io server disconnect' stops
  // trying, while after a transport close it reconnects (to another instance behind a load
  // balancer, or to this one restarted) and fetches what it missed.
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    // The Redis adapter unsubscribes on close, which waits for Redis: never longer than a moment.
    const adaptersClosed = Promise.allSettled([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
    await Promise.race([adaptersClosed, new Promise((r) => setTimeout(r, REDIS_COMMAND_TIMEOUT_MS).unref())]);
  });

  return realtime;
}
