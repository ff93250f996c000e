import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import type { RenderedPage, RenderInput } from '../../src/domain/renderContract';

const ENTRY = '/src/entry-server.tsx';
const TEMPLATE = '/server/ssr/template.ts';

/** Paths the dev server or the API answers itself: never a page. */
const NOT_A_PAGE = /^\/(?:api|img|pay|socket\.io|@|src\/|node_modules\/|assets\/)|\.[a-z0-9]+$/i;

/**
 * `npm run dev` renders pages on the server too, as production does: a navigation gets
 * the app's server render (src/entry-server.tsx, loaded through Vite with HMR on the client) in
 * Vite's index.html, with the data block the client hydrates from. The render's endpoints go to
 * the API server the dev server proxies (`apiTarget`). A render that fails is logged and the page
 * falls back to the client-rendered index.html, so a bug in a screen never blocks development.
 * The HTML is never cached here.
 */
export function devServerRender(apiTarget: string): Plugin {
  const transport: RenderInput['transport'] = { origin: apiTarget, fetch: (request) => fetch(request) };
  const renderPage = async (server: ViteDevServer, url: string) => {
    const template = await server.transformIndexHtml(url, await readFile(path.join(server.config.root, 'index.html'), 'utf8'));
    const entry = (await server.ssrLoadModule(ENTRY)) as { render(input: RenderInput): Promise<RenderedPage> };
    const { pageHtml } = (await server.ssrLoadModule(TEMPLATE)) as typeof import('./template');
    const page = await entry.render({ url, transport });
    return { status: page.status, html: pageHtml(template, page) };
  };
  return {
    name: 'layerloft-dev-server-render',
    apply: 'serve',
    configureServer(server) {
      // The render's modules load as soon as the dev server listens, while the API starts (about 4 s
      // here), rather than on the first page asked for (which then took 3–8 s instead of about 1 s).
      // A module that fails to load says so when a page is rendered with it.
      server.httpServer?.once('listening', () => {
        Promise.all([server.ssrLoadModule(ENTRY), server.ssrLoadModule(TEMPLATE)]).catch(() => {});
      });
      // After Vite's own middlewares (modules, assets, the proxy), before its index.html: the
      // html fallback has rewritten the url by then, the browser's is `originalUrl`.
      return () => {
        server.middlewares.use((req, res, next) => {
          const url = req.originalUrl ?? req.url ?? '/';
          if (req.method !== 'GET' || !String(req.headers.accept ?? '').includes('text/html') || NOT_A_PAGE.test(url.split('?')[0]!)) return next();
          renderPage(server, url).then(
            (page) => {
              res.statusCode = page.status;
              res.setHeader('Content-Type', 'text/html; charset=utf-8');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(page.html);
            },
            (error: unknown) => {
              if (error instanceof Error) server.ssrFixStacktrace(error);
              server.config.logger.error(`server render of ${url} failed; the client renders it:\n${error instanceof Error ? error.stack : String(error)}`);
              next();
            },
          );
        });
      };
    },
  };
}
