import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** How long one Redis command may take before the caller treats Redis as gone (a partition sends no FIN). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** How often a link that failed a command asks Redis whether it answers again. */
const PROBE_INTERVAL_MS = 1000;

export interface RedisLink {
  readonly client: Redis;
  /** Connected, and no command has failed since it last answered. */
  readonly usable: boolean;
  /** A command on this link failed (timeout, refused): stop using it until a probe gets an answer. */
  failed(err: unknown): void;
}

/**
 * The process's Redis connections (REDIS_URL). Redis is a helper, never a condition for selling:
 * each link reconnects by itself forever, an outage is logged once when it starts and once when it
 * ends (not on every retry), and `degraded` tells /readyz that some link is down. An unreachable
 * Redis at start is such an outage: the server starts and listens, degraded.
 */
export class RedisLinks {
  private readonly links: LinkImpl[] = [];
  private downSince: number | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A new connection named for the logs; `options` are ioredis options (offline queue, retries). */
  open(name: string, options: RedisOptions = {}): RedisLink {
    const link = new LinkImpl(name, new Redis(this.url, { connectTimeout: 2000, ...options }), () => this.changed());
    this.links.push(link);
    return link;
  }

  get degraded(): boolean {
    return this.links.some((l) => !l.usable);
  }

  private changed(): void {
    if (this.closed) return;
    const down = this.links.filter((l) => !l.usable);
    if (down.length && this.downSince === null) {
      this.downSince = Date.now();
      this.log.warn(
        { redis: redactUrl(this.url), links: down.map((l) => `${l.name}: ${l.lastError ?? l.client.status}`) },
        'Redis is unreachable: the store keeps selling degraded (rate limits count per process, live events reach this instance only) until it answers',
      );
    } else if (!down.length && this.downSince !== null) {
      this.log.info({ redis: redactUrl(this.url), downMs: Date.now() - this.downSince }, 'Redis answers again: shared rate limits and live events across instances are back');
      this.downSince = null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.links.map((l) => l.close()));
  }
}

class LinkImpl implements RedisLink {
  lastError: string | undefined;
  private suspect = false;
  private probe: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    readonly name: string,
    readonly client: Redis,
    private readonly changed: () => void,
  ) {
    // A command nobody awaits (the socket.io adapter's subscribe calls) must not end the process
    // when it fails: something that is not Redis at REDIS_URL answers bytes the parser refuses, and
    // ioredis then rejects every queued command at once. The outage is already reported through
    // 'error' below; callers that await a command still see its rejection.
    const sendCommand = client.sendCommand.bind(client);
    client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
      const sent = sendCommand(...args) as Promise<unknown>;
      sent.catch(() => undefined);
      return sent;
    }) as Redis['sendCommand'];
    // ioredis emits 'error' on every reconnect attempt; the outage itself is logged once by RedisLinks.
    client.on('error', (err: Error) => {
      this.lastError = err.message;
      this.changed();
    });
    client.on('ready', () => {
      this.suspect = false;
      this.lastError = undefined;
      this.changed();
    });
    client.on('close', () => this.changed());
    // Not ready within the connect timeout at start: the outage is reported now, not after the first request.
    setTimeout(() => this.changed(), 2500).unref();
  }

  get usable(): boolean {
    return this.client.status === 'ready' && !this.suspect;
  }

  failed(err: unknown): void {
    if (this.closing) return;
    this.lastError = err instanceof Error ? err.message : String(err);
    if (!this.suspect) {
      this.suspect = true;
      this.probe = setInterval(() => {
        if (this.client.status !== 'ready') return;
        this.client.ping().then(
          () => {
            clearInterval(this.probe);
            this.suspect = false;
            this.lastError = undefined;
            this.changed();
          },
          () => undefined,
        );
      }, PROBE_INTERVAL_MS);
      this.probe.unref();
    }
    this.changed();
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.probe);
    // A link that is down has nothing to flush, and QUIT would wait for a Redis that is not there.
    if (this.client.status !== 'ready') return this.client.disconnect();
    await Promise.race([this.client.quit(), new Promise((r) => setTimeout(r, REDIS_COMMAND_TIMEOUT_MS).unref())]).catch(() => undefined);
    this.client.disconnect();
  }
}

/** The URL without its password, for logs. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis';
  }
}
