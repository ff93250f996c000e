/**
 * The build's prerender of the home page (issue 9): `vite build` renders `/` with this module (see
 * scripts/prerenderPlugin.ts) and writes the HTML into dist/index.html, so the hero, header and
 * footer paint before any script runs. It renders what a first-time visitor sees: a guest with an
 * empty cart, the product and bundle sections as their loading skeletons (their data comes from the
 * API once the script runs). main.tsx then renders the same tree over it.
 */
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { PageFallback } from './app/layout/Layout';
import { preloadRoute } from './app/routes';
import { makeStore } from './store/store';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/** The markup of `pathname` for a first-time visitor (the inside of `<div id="root">`). */
export async function renderPage(pathname = '/'): Promise<string> {
  await preloadRoute(pathname);
  return render(pathname);
}

/**
 * The page frame every other route starts from (shell.html): header, category bar and footer
 * around the page-loading placeholder, so something paints before the script has run; the app
 * then renders the page in its place.
 */
export function renderFrame(): Promise<string> {
  return render('/', <PageFallback />);
}

async function render(pathname: string, screen?: ReactNode): Promise<string> {
  const store = makeStore();
  const errors: string[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App store={store} router={(app) => <StaticRouter location={pathname}>{app}</StaticRouter>} screen={screen} />
    </StrictMode>,
    {
      // Suspense boundaries inline, not outlined for a progressive reveal: the page must show
      // without running any script (the CSP allows no inline script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // A screen that throws would ship as its loading fallback: fail the build instead.
      onError(error, info) {
        errors.push(`${error instanceof Error ? error.message : String(error)}${info.componentStack ?? ''}`);
      },
    },
  );
  const html = await streamToString(prelude);
  if (errors.length) throw new Error(`prerender of ${screen ? 'the page frame' : pathname} failed:\n${errors.join('\n')}`);
  return html;
}
