import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisLink } from './redis';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;

/** The store contract of @fastify/rate-limit (incr, read, child). */
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  /** Gets the merged route options (continueExceeding, exponentialBackoff, routeInfo…); typed loosely as the plugin's typings are. */
  child(routeOptions: object): Store;
}

// The plugin's own two stores, reused so counting rules (windows, back-off) are the same in both modes.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key?: string) => Store;

/** Where the last count was made; each change of place is logged once. */
interface Mode {
  counted(where: 'shared' | 'local'): void;
}

class FallbackStore implements Store {
  constructor(
    private readonly link: RedisLink,
    private readonly shared: Store,
    private readonly local: Store,
    private readonly mode: Mode,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.run('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.run('read', key, cb, timeWindow, max);
  }

  private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
    if (!this.link.usable) {
      this.mode.counted('local');
      this.local[method](key, cb, timeWindow, max);
      return;
    }
    this.shared[method](
      key,
      (err, result) => {
        if (!err) {
          this.mode.counted('shared');
          return cb(null, result);
        }
        // Redis failed this request: count it here rather than refuse the shopper (a 500 is the outage's symptom).
        this.link.failed(err);
        this.mode.counted('local');
        this.local[method](key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: object): Store {
    return new FallbackStore(this.link, this.shared.child(routeOptions), this.local.child(routeOptions), this.mode);
  }
}

/**
 * A rate-limit store that counts in Redis while Redis answers and in this process's memory while
 * it does not (@fastify/rate-limit's `store` option). Counts made during an outage stay local and
 * are not merged back: the window is short, and a limit a little loose for a minute beats a store
 * that answers 500. The switch to local counting is logged once per outage.
 */
export function fallbackRateLimitStore(link: RedisLink, nameSpace: string, log: FastifyBaseLogger) {
  let where: 'shared' | 'local' = 'shared';
  const mode: Mode = {
    counted(now) {
      if (now === where) return;
      where = now;
      if (now === 'local') log.warn('rate limits count per process while Redis is unreachable');
      else log.info('rate limits count in Redis again');
    },
  };
  return class implements Store {
    private readonly store: Store;

    constructor({ continueExceeding = false, exponentialBackoff = false }: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.store = new FallbackStore(
        link,
        new RedisStore(continueExceeding, exponentialBackoff, link.client, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        mode,
      );
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.store.incr(key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.store.read(key, cb, timeWindow, max);
    }

    child(routeOptions: object): Store {
      return this.store.child(routeOptions);
    }
  };
}
