import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ZodError } from 'zod';
import type { Config } from './config';
import { openDatabase, takeDatabaseNotes, type Database, type Db } from './db/client';
import { seedIfEmpty } from './db/seed';
import { DB_BUSY_MESSAGE, DB_RETRY_AFTER_SECONDS, DB_UNAVAILABLE_MESSAGE, databaseErrorReason, isDatabaseBusy, isDatabaseUnavailable } from './lib/dbErrors';
import { orderPlugins } from './lib/appPlugin';
import { isNeverDocument, trimAssetHeaders } from './lib/assetHeaders';
import { HttpError } from './lib/errors';
import { logSerializers, SECRET_LOG_KEYS } from './lib/logRedaction';
import { fallbackRateLimitStore } from './lib/rateLimitStore';
import { REDIS_COMMAND_TIMEOUT_MS, RedisLinks } from './lib/redis';
import { clientAddress } from './lib/clientAddress';
import { isInProcessRequest } from './lib/inProcessRequest';
import { containsNul, hasOverlongText, NUL_MESSAGE, TEXT_TOO_LONG_MESSAGE } from './lib/inputGuards';
import { withPageMeta } from './lib/spaMeta';
import { sendCachedBody } from './lib/cachedBody';
import { loadBuiltRenderer, SSR_ENTRY } from './ssr/render';
import { SHARED_ROUTES, type AppRoute } from '../src/domain/routes';
import { registerSeoRoutes } from './ssr/seo';
import { postedValues, withPostedValues } from './ssr/postedForm';
import { sendRenderedPage } from './ssr/send';
import { describeIssues } from './lib/validate';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The database handle with migrate/ping/close. */
    database: Database;
    /** Drizzle over the schema (PGlite or PostgreSQL). */
    db: Db;
    /** The Redis connections when REDIS_URL is set (shared rate limits, the socket adapter); null without. */
    redis: RedisLinks | null;
  }
}

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_DIST_DIR = path.resolve(SERVER_DIR, '..', 'dist');

export interface AppDeps {
  /** An already-open database (the caller closes it); otherwise buildApp opens, migrates, seeds and owns one. */
  database?: Database;
  /** The built SPA folder (default `<repo>/dist`). */
  distDir?: string;
  /** Extra plugins registered after the app plugins and before the routes (tests). */
  plugins?: FastifyPluginAsync[];
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The app plugins (default: every file of server/plugins), registered in the order their dependencies give. */
  appPlugins?: { source: string; plugin: FastifyPluginAsync }[];
}

/** Files of a folder that default-export a plugin, in name order (autoload: adding a feature adds a file). */
export async function loadFolder(dir: string): Promise<{ source: string; plugin: FastifyPluginAsync }[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => /\.(?:ts|js|mjs)$/.test(f) && !/\.(?:d|test|spec)\.[mc]?[tj]s$/.test(f) && !f.startsWith('_'))
    .sort();
  const out: { source: string; plugin: FastifyPluginAsync }[] = [];
  for (const f of files) {
    const source = path.join(dir, f);
    const mod = (await import(pathToFileURL(source).href)) as { default?: FastifyPluginAsync };
    if (typeof mod.default !== 'function') throw new Error(`${source} must default-export a Fastify plugin`);
    out.push({ source, plugin: mod.default });
  }
  return out;
}

export const APP_PLUGINS_DIR = path.join(SERVER_DIR, 'plugins');

const SAFE_CLIENT_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Empty JSON body; send an object or omit the Content-Type header'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported Content-Type; send application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid Content-Length'],
  FST_ERR_VALIDATION: [400, ''],
};

/** Builds the app without listening: external plugins → app plugins → routes (STYLE.md). */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Capabilities never reach a log line, whoever logs them: session tokens, payment
            // session ids (they open the payment page) and password-reset tokens.
            redact: {
              paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie', ...SECRET_LOG_KEYS.flatMap((k) => [k, `*.${k}`])],
              censor: '[redacted]',
            },
            serializers: logSerializers,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // A person at a terminal reads lines; a pipe (a log collector, the tests) gets JSON.
            ...(!deps.logStream && process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
          },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest the server (what Fastify does for a number, which its typings omit).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // A request that reaches the instance while it closes (on a connection opened before) is served,
    // with `Connection: close`, rather than answered 503 unhandled: a balancer cannot retry a POST.
    return503OnClosing: false,
  });

  let database: Database;
  if (deps.database) {
    database = deps.database;
  } else {
    const opened = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    for (const note of takeDatabaseNotes()) app.log.warn(note);
    try {
      await opened.migrate();
      if (config.seedOnEmpty) {
        const seeded = await seedIfEmpty(opened.db, { demoDiscounts: config.env !== 'production' });
        if (seeded) app.log.info(seeded, 'seeded the demo catalog into an empty database');
      }
    } catch (err) {
      await opened.close();
      throw err;
    }
    database = opened;
    // Runs after the server stopped accepting and in-flight requests finished.
    app.addHook('onClose', async () => opened.close());
  }

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const redis = config.redisUrl ? new RedisLinks(config.redisUrl, app.log) : null;
  app.decorate('redis', redis);
  if (redis) app.addHook('onClose', async () => redis.close());

  app.addHook('onSend', async (request, reply) => {
    // A build asset or a picture carries no request id nor a page's policies (lib/assetHeaders.ts): the bytes count on a phone.
    if (isNeverDocument(request, reply)) return trimAssetHeaders(reply);
    reply.header('x-request-id', request.id);
  });

  // JSON (and the pay page's form) only: a text/plain body is a "simple" cross-site request and
  // no route reads one, so it gets the 415 of any other unsupported type.
  app.removeContentTypeParser('text/plain');
  // PostgreSQL text cannot hold U+0000: refuse it here (400) rather than fail in the driver (500).
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query)) throw new HttpError(400, NUL_MESSAGE);
    // Every field bounded before any schema or pattern sees it (ReDoS): one rule for every route.
    if (hasOverlongText(request.body) || hasOverlongText(request.query) || hasOverlongText(request.params)) throw new HttpError(400, TEXT_TOO_LONG_MESSAGE);
  });

  // ---- errors: always { success: false, message }, never a stack or SQL -------------------------
  app.setErrorHandler((err: FastifyError | ZodError | Error, request, reply) => {
    let status = 500;
    let message = 'Internal server error';
    if (err instanceof ZodError) {
      status = 400;
      message = `Invalid request: ${describeIssues(err)}`;
    } else {
      const code = (err as FastifyError).code;
      const known = code ? SAFE_CLIENT_CODES[code] : undefined;
      const sc = (err as FastifyError).statusCode ?? 500;
      if (known) {
        status = known[0];
        message = known[1] || err.message;
      } else if (sc >= 400 && sc < 500) {
        status = sc;
        message = err.message;
      } else if (err.name === 'HttpError') {
        status = sc;
        message = err.message;
      } else if (isDatabaseBusy(err) || isDatabaseUnavailable(err)) {
        // PostgreSQL down, the network to it cut, or every connection busy: say so (503), never a stack or the SQL.
        status = 503;
        message = isDatabaseBusy(err) ? DB_BUSY_MESSAGE : DB_UNAVAILABLE_MESSAGE;
        reply.header('Retry-After', String(DB_RETRY_AFTER_SECONDS));
      }
    }
    if (status === 503) request.log.warn({ reason: databaseErrorReason(err) }, 'database unreachable');
    else if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, message }, 'request refused');
    // A staff editor's 400 also names each bad field (server/lib/fieldErrors.ts).
    const fields = status === 400 ? (err as { fields?: Record<string, string> }).fields : undefined;
    return reply.code(status).type('application/json; charset=utf-8').send({ success: false, message, ...(fields ? { fields } : {}) });
  });

  // ---- external plugins ---------------------------------------------------------------------
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // The page talks to its own origin only, the chat socket included ('self' does not cover
        // ws:/wss: in every browser, so the socket's origin is named).
        connectSrc: ["'self'", (req: IncomingMessage) => socketOrigin(req, config)],
        scriptSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Images are fetched by <img> from the same origin; keep CORP same-origin by default.
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cors, {
    // No cross-origin access unless CORS_ORIGINS lists origins.
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
  });
  // Off by default; routes opt in with `config: { rateLimit: { max, timeWindow } }` (auth, checkout).
  // With REDIS_URL the counts are shared, and kept per process while Redis does not answer: a
  // request is never refused because Redis is down (no offline queue, a short command timeout).
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    ...(redis
      ? {
          store: fallbackRateLimitStore(
            redis.open('rate-limits', { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
            'layerloft-rl:',
            app.log,
          ),
        }
      : {}),
  });

  // RATE_LIMIT_MAX per client address and window over the API, the pages and the pictures: what one
  // address may ask of this server, whatever it asks (the routes' own limits come on top). Hashed
  // assets, the socket and the health checks are not counted: a page's own files must load, and
  // a load balancer's probes come from one address; nor are the server render's own requests.
  const perAddress = app.createRateLimit({ max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs, keyGenerator: (req) => `all:${clientAddress(req)}` });
  app.addHook('onRequest', async (request, reply) => {
    if (!countsTowardsAddressLimit(request.url) || isInProcessRequest(request)) return;
    const r = await perAddress(request);
    if (!r.isAllowed && r.isExceeded) {
      const seconds = Math.max(1, r.ttlInSeconds);
      reply.header('Retry-After', String(seconds));
      throw new HttpError(429, `Too many requests from your address. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`);
    }
  });

  // ---- app plugins (repositories) and routes, autoloaded -------------------------------------
  // Each app plugin declares what it needs (appPlugin's dependencies): registered in that order,
  // so nothing depends on how files happen to be named; a missing or circular need stops the start.
  const appPlugins = orderPlugins(deps.appPlugins ?? (await loadFolder(APP_PLUGINS_DIR)), (name) => app.hasPlugin(name));
  for (const { plugin } of appPlugins) await app.register(plugin);
  for (const plugin of deps.plugins ?? []) await app.register(plugin);
  // Routes are encapsulated and only use what the app plugins decorated: any order works.
  for (const { plugin } of await loadFolder(path.join(SERVER_DIR, 'routes'))) await app.register(plugin);

  // ---- the SPA: dist/ with long-cached hashed assets; every page rendered on the server -------
  const distDir = deps.distDir ?? config.distDir ?? DEFAULT_DIST_DIR;
  const hasDist = existsSync(path.join(distDir, 'index.html'));
  // The build's server-rendering bundle (dist/ssr/, from the same build as the client). Without it
  // (a client-only `vite build`) pages are the plain shell, which the client renders.
  const ssrEntry = path.join(distDir, SSR_ENTRY);
  // A page's meta tags go in before the HTML cache keeps it (they depend on the same data).
  const renderer = hasDist && existsSync(ssrEntry) ? await loadBuiltRenderer(app, distDir, ssrEntry, (url, html) => withPageMeta(app, url, html)) : undefined;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (renderer) {
      const page = await renderer.render(request.url);
      reply.code(page.status).header('x-render-cache', page.cache);
      // Every render slot was taken for too long: the shell (the client renders the page), and a hint to come back.
      if (page.cache === 'busy') reply.header('Retry-After', '1').header('Cache-Control', 'no-store');
      // A cache hit: bytes compressed once (with an ETag, so a revalidation is a 304).
      if (page.body && page.status === 200) return sendCachedBody(request, reply, page.body, 'text/html; charset=utf-8');
      return sendRenderedPage(request, reply, page.html);
    }
    return reply.send(await withPageMeta(app, request.url, await readFile(path.join(distDir, 'index.html'), 'utf8')));
  };
  // A form posted before any script has run (every form of the app is method="post"): the same
  // page, with what was typed put back by boot.ts, never kept by any cache (server/ssr/postedForm.ts).
  const sendPostedPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const values = postedValues(typeof request.body === 'string' ? request.body : '');
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    if (renderer) {
      const page = await renderer.render(request.url);
      return sendRenderedPage(request, reply.code(page.status), withPostedValues(page.html, values));
    }
    return reply.send(withPostedValues(await withPageMeta(app, request.url, await readFile(path.join(distDir, 'index.html'), 'utf8')), values));
  };
  registerSeoRoutes(app);
  if (hasDist) {
    // Only this scope reads urlencoded bodies: the API takes JSON.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
      // Any page's path (the API's and the payment page's own routes are more specific and win).
      scope.post('/*', async (request, reply) => {
        const url = request.url.split('?')[0]!;
        const isForm = /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');
        if (!isForm || url === '/api' || url.startsWith('/api/') || url.startsWith('/assets/') || /\.[a-z0-9]{1,5}$/i.test(url)) {
          return reply.code(404).send({ success: false, message: 'Not found' });
        }
        return sendPostedPage(request, reply);
      });
    });
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      // The build's scripts and styles come with .br and .gz files compressed at the strongest settings (scripts/build.mjs).
      preCompressed: true,
      // The server-rendering bundle is the server's, not a page's.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath).split(path.sep).join('/');
        res.header('Cache-Control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // '/' is a directory for the static plugin (403); it is the SPA's home page.
    app.get('/', sendPage);
    // The pages people land on go straight to the render: through the static plugin's wildcard
    // each would first cost a stat and a directory read for a file that is not there. Every other
    // path still falls through the static files to the not-found handler, which renders pages too.
    for (const page of SHARED_ROUTES.filter((r) => r.path !== '/')) app.get(fastifyPath(page), sendPage);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ success: false, message: 'Not found' });
    }
    if (!hasDist) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          '<!doctype html><meta charset="utf-8"><title>LayerLoft</title>' +
            '<h1>The shop is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>), then reload.</p>',
        );
    }
    // Missing hashed assets or files with an extension: a real 404, not the SPA shell.
    if (url.startsWith('/assets/') || /\.[a-z0-9]{1,5}$/i.test(url)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendPage(request, reply);
  });

  return app;
}

/** Whether a request counts towards RATE_LIMIT_MAX: the API, pages and pictures do; a page's own assets, the socket and health checks do not. */
export function countsTowardsAddressLimit(url: string): boolean {
  const path = url.split('?')[0];
  return !(path.startsWith('/assets/') || path.startsWith('/socket.io/') || path.startsWith('/pay/assets/') || path === '/healthz' || path === '/readyz' || path === '/favicon.ico');
}

/** A route table path as Fastify writes it, its parameters constrained by their patterns (`/product/:productId(^[0-9a-fA-F]{24}$)`). */
export function fastifyPath(route: AppRoute): string {
  return route.path.replace(/:(\w+)/g, (whole, name: string) => (route.params?.[name] ? `${whole}(^${route.params[name]}$)` : whole));
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** `ws(s)://host` of this server as the browser sees it: PUBLIC_URL when set, else the request's Host. */
export function socketOrigin(req: IncomingMessage, { publicUrl, trustProxy }: Pick<Config, 'publicUrl' | 'trustProxy'>): string {
  if (publicUrl) return publicUrl.replace(/^http/, 'ws');
  const host = req.headers.host ?? '';
  // A Host header that is not a plain host[:port] names nothing: 'self' alone then.
  if (!/^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i.test(host)) return "'self'";
  const secure = (req.socket as { encrypted?: boolean }).encrypted === true || (trustProxy !== false && req.headers['x-forwarded-proto'] === 'https');
  return `${secure ? 'wss' : 'ws'}://${host}`;
}
