import type { FastifyInstance } from 'fastify';

/**
 * A background job of this server (the payment sweep, the e-mail outbox, back-in-stock e-mails,
 * idempotency-key expiry): run once the server is ready and every `intervalMs` after, never two
 * runs at once (a slow run is not stacked), a failure logged and tried again next time. On close
 * the timer stops and a run under way is awaited, then `afterStop` (what the job needed) is closed.
 * The timer never keeps the process alive.
 */
export function runPeriodically(
  app: FastifyInstance,
  intervalMs: number,
  job: () => Promise<unknown>,
  opts: { failure: string; afterStop?: () => Promise<void> },
): void {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= job()
      .catch((err: unknown) => app.log.warn({ err }, opts.failure))
      .finally(() => (running = null));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
    await opts.afterStop?.();
  });
}
