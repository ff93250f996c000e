import type { FastifyInstance } from 'fastify';

/**
 * Where a browser reaches this shop: `PUBLIC_URL` when set, else the configured host and the port
 * the server listens on (the configured one before it listens). The one place links in e-mails,
 * payment return URLs and pages get their origin; never from a request's Host header, which a
 * client chooses.
 */
export function publicOrigin(app: Pick<FastifyInstance, 'config' | 'server'>): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : app.config.port;
  const host = ['0.0.0.0', '::', ''].includes(app.config.host) ? 'localhost' : app.config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
