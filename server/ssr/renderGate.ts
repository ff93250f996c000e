/**
 * Bounds the expensive path: a render the HTML cache cannot answer costs tens of milliseconds of
 * CPU, and a crowd of them (random query strings) would queue every page behind them. At most
 * `limit` renders run at once; a request that has waited `maxWaitMs` for its turn is told so
 * (`entered: false`) and answered with the client-rendered shell and a 503 instead of waiting on.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: { admit: () => void }[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaitMs: number,
  ) {}

  get active(): number {
    return this.running;
  }

  /** Runs `render` when a slot is free within maxWaitMs; otherwise resolves `{ entered: false }` without running it. */
  async run<T>(render: () => Promise<T>): Promise<{ entered: true; value: T } | { entered: false }> {
    if (this.running >= this.limit) {
      const admitted = await new Promise<boolean>((resolve) => {
        const ticket = {
          admit: () => {
            clearTimeout(timer);
            resolve(true);
          },
        };
        const timer = setTimeout(() => {
          const at = this.waiting.indexOf(ticket);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(false);
        }, this.maxWaitMs);
        this.waiting.push(ticket);
      });
      if (!admitted) return { entered: false };
    } else {
      this.running += 1;
    }
    try {
      return { entered: true, value: await render() };
    } finally {
      // The slot passes straight to the next waiter (running stays counted), or is freed.
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running -= 1;
    }
  }
}
