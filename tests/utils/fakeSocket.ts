import type { RealtimeClient, SocketFactory } from '../../src/api/socket';

type Handler = (...args: never[]) => void;

/**
 * A stand-in for a socket.io-client socket: records joins, lets a test play the server
 * (`serverEmit`), drop and restore the connection, or refuse the handshake.
 */
export class FakeSocket implements RealtimeClient {
  connected = false;
  active = true;
  disconnectedByClient = false;
  readonly joins: string[] = [];
  /** How `join` is answered (default: ok). */
  joinAnswer: (id: string) => { ok: boolean; message?: string } = () => ({ ok: true });
  private handlers = new Map<string, Handler[]>();
  private managerHandlers = new Map<string, Handler[]>();

  constructor(
    readonly url: string,
    readonly options: Parameters<SocketFactory>[1],
  ) {}

  on(event: string, listener: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    if (event === 'join') {
      const [id, ack] = args as [string, ((r: { ok: boolean; message?: string }) => void) | undefined];
      this.joins.push(id);
      ack?.(this.joinAnswer(id));
    }
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.disconnectedByClient = true;
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  io = {
    on: (event: string, listener: Handler) => {
      this.managerHandlers.set(event, [...(this.managerHandlers.get(event) ?? []), listener]);
      return this.io;
    },
    removeAllListeners: () => {
      this.managerHandlers.clear();
      return this.io;
    },
  };

  private fire(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...args);
  }

  // ---- the test plays the server ----
  serverConnects() {
    this.connected = true;
    this.fire('connect');
  }
  serverEmit(event: 'newMessage' | 'orderUpdated', payload: unknown) {
    this.fire(event, payload);
  }
  connectionDrops() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
    for (const h of this.managerHandlers.get('reconnect_attempt') ?? []) (h as (n: number) => void)(1);
  }
  serverRefuses(message: string) {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
}

/** A factory handing out FakeSockets; `sockets` lists every one made. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = async (url, options) => {
    const s = new FakeSocket(url, options);
    sockets.push(s);
    return s;
  };
  return { factory, sockets, latest: () => sockets[sockets.length - 1]! };
}
