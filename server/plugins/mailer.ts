import { appPlugin } from '../lib/appPlugin';
import { createMailer, type Mailer } from '../lib/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing e-mail: `await app.mailer.send({ to, subject, text, html })`. */
    mailer: Mailer;
  }
}

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
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
});
