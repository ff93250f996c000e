import { EmailOutbox } from '../lib/emailOutbox';
import { appPlugin } from '../lib/appPlugin';
import { createMailer, type Mailer } from '../lib/mailer';
import { runPeriodically } from '../lib/periodicJob';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail: `await app.mailer.send({ to, subject, text, html })`. */
    mailer: Mailer;
    /** Order e-mails, queued in the transaction of the change they announce (lib/emailOutbox.ts). */
    emailOutbox: EmailOutbox;
  }
}

const DEFAULT_OUTBOX_INTERVAL_MS = 30_000;

export default appPlugin('mailer', async (app) => {
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    dataDir: app.config.dataDir,
    from: { name: app.config.shopName, address: app.config.shopEmail },
    log: app.log,
  });
  if (mailer.kind === 'outbox' && app.config.env === 'production') {
    app.log.warn('SMTP_URL is not set: e-mails are written to DATA_DIR/outbox.jsonl instead of being sent');
  }
  const outbox = new EmailOutbox(app.db, mailer, app.log);
  app.decorate('mailer', mailer);
  app.decorate('emailOutbox', outbox);

  // Retries, and rows another instance claimed and never finished (it crashed): the lease ran out.
  runPeriodically(app, DEFAULT_OUTBOX_INTERVAL_MS, () => outbox.deliverDue(), { failure: 'e-mail outbox delivery failed', afterStop: () => mailer.close() });
});
