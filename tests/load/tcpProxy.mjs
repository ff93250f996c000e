// A TCP proxy a test or load run puts between the store and PostgreSQL or Redis, to cut the link
// ('refuse': nothing listens; 'blackhole': connections accepted and never answered) and restore it.
// Plain JS so `npm run load` and `npm run bench` use it without a compiler; fault tests too.
import net from 'node:net';

export class TcpProxy {
  /** @type {net.Server} */
  #server;
  #open = new Set();
  /** @type {'up' | 'refuse' | 'blackhole'} */
  mode = 'up';
  port = 0;
  /** Connections accepted while up (the server's pool reconnecting shows here). */
  accepted = 0;

  constructor(targetHost, targetPort) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.#server = net.createServer((client) => this.#onConnection(client));
  }

  static async start(target) {
    const proxy = new TcpProxy(target.host, target.port);
    await proxy.#listen();
    return proxy;
  }

  #listen(port = 0) {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, '127.0.0.1', () => {
        this.#server.off('error', reject);
        this.port = this.#server.address().port;
        resolve();
      });
    });
  }

  #onConnection(client) {
    this.#open.add(client);
    client.on('close', () => this.#open.delete(client));
    client.on('error', () => client.destroy());
    if (this.mode === 'blackhole') return; // accepted, never answered
    this.accepted += 1;
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.#open.add(upstream);
    upstream.on('close', () => {
      this.#open.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Rewrites a URL's host and port to go through this proxy. */
  wrap(url) {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async cut(mode) {
    this.mode = mode;
    for (const s of this.#open) s.destroy();
    this.#open.clear();
    if (mode === 'refuse') await new Promise((r) => this.#server.close(() => r()));
  }

  async restore() {
    if (this.mode === 'refuse') {
      this.#server = net.createServer((client) => this.#onConnection(client));
      await this.#listen(this.port);
    }
    this.mode = 'up';
  }

  async close() {
    for (const s of this.#open) s.destroy();
    this.#open.clear();
    if (this.#server.listening) await new Promise((r) => this.#server.close(() => r()));
  }
}
