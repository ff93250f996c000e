import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseDamagedError } from './db/integrity';
import { DataDirLockedError } from './db/lock';
import { drainUntilQuiet } from './plugins/lifecycle';

/**
 * Starts the server: validate config → open, migrate, seed → listen. Graceful shutdown on
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close sockets and the database
 * (PGlite: CHECKPOINT, close, release the DATA_DIR lock).
 *
 * The e2e harness spawns `node_modules/.bin/tsx server/main.ts` with PORT and DATA_DIR and waits for
 * GET /readyz = 200; `startServer` is the same thing in-process.
 */
export interface RunningServer {
  app: FastifyInstance;
  url: string;
  config: Config;
  stop(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const started = Date.now();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${port}`;
  app.log.info(
    { url, database: app.database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir, startupMs: Date.now() - started },
    `${config.shopName} is listening on ${url}`,
  );
  if (config.jwtSecretGenerated && config.databaseUrl) {
    app.log.warn('JWT_SECRET is not set: using a generated secret from DATA_DIR; set JWT_SECRET when several instances share one database');
  }
  let stopping: Promise<void> | null = null;
  return {
    app,
    url,
    config,
    stop: () => (stopping ??= app.close()),
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('server/main.ts');

if (isMain) {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(78);
  }
  startServer(config).then(
    (server) => {
      if (!config.logLevel || config.logLevel === 'silent') console.log(`${config.shopName} is listening on ${server.url}`);
      const shutdown = (signal: string) => {
        server.app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
        // Behind a load balancer: fail readiness first and keep serving until its health checks
        // have taken this instance out of rotation, then stop accepting.
        server.app.lifecycle.draining = true;
        const drainMaxMs = config.shutdownDrainMs * 3;
        // A hung connection must not keep the process (and the DATA_DIR lock) forever.
        const force = setTimeout(() => {
          // What still holds the process: open connections (HTTP keep-alive, websockets), pools, timers.
          server.app.server.getConnections((_err, connections) => {
            const open: Record<string, number> = {};
            for (const kind of process.getActiveResourcesInfo()) open[kind] = (open[kind] ?? 0) + 1;
            server.app.log.error({ connections, open }, 'shutdown took over 10 s after draining; exiting');
            process.exit(1);
          });
        }, drainMaxMs + 10_000);
        force.unref();
        drainUntilQuiet(server.app.lifecycle, config.shutdownDrainMs, drainMaxMs).then(() => server.stop()).then(
          () => process.exit(0),
          (err: unknown) => {
            console.error('shutdown failed', err);
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', () => shutdown('SIGTERM'));
      process.once('SIGINT', () => shutdown('SIGINT'));
    },
    (err: unknown) => {
      if (err instanceof DataDirLockedError || err instanceof ConfigError || err instanceof DatabaseDamagedError) console.error(err.message);
      else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
        console.error(`Port ${config.port} is already in use; stop the other process or set PORT`);
      else console.error('Failed to start:', err);
      process.exit(1);
    },
  );
}
