/**
 * Vite plugin: after the client build, prerender the home page into dist/index.html (issue 9).
 *
 * 1. Build src/prerender.tsx for Node into node_modules/.cache/layerloft/prerender.
 * 2. Render `/` with it: the markup of a first-time visitor's home page, styles inline (emotion);
 *    and the page frame (header, category bar, footer around the page-loading placeholder).
 * 3. dist/index.html gets the home page inside `<div id="root">` (and loses the entry's
 *    `modulepreload` links: see withoutModulePreloads); dist/shell.html,
 *    which the server sends for every other client-side route, gets the frame (the app renders the
 *    page in its place). Both carry the (tiny) entry stylesheet inline. The font files are not
 *    preloaded: Lighthouse's simulation then counts their download before the first paint (+1.9 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const ROOT_DIV = '<div id="root"></div>';

const EMOTION_STYLE = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Emotion writes each component's rules in a `<style>` just before it; the browser then
 * recalculates styles once per tag while parsing. One tag in the head instead, in the same order,
 * in the form emotion's client cache adopts (`data-emotion="css id1 id2 …"`: those rules are not
 * inserted again); global styles keep their own tags, which the Global component adopts.
 */
export function hoistEmotionStyles(markup: string): { markup: string; head: string } {
  const ids: string[] = [];
  const rules: string[] = [];
  const globals: string[] = [];
  const body = markup.replace(EMOTION_STYLE, (tag, attr: string, css: string) => {
    const [key, ...names] = attr.split(' ');
    if (key === 'css') {
      ids.push(...names);
      rules.push(css);
    } else {
      globals.push(tag);
    }
    return '';
  });
  const head = [...globals, ...(ids.length ? [`<style data-emotion="css ${ids.join(' ')}">${rules.join('')}</style>`] : [])].join('\n    ');
  return { markup: body, head };
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;
/** Above this a stylesheet stays a file (cached across pages) rather than inline in every page. */
const INLINE_CSS_MAX = 4096;

/**
 * The entry's stylesheet (the @font-face rules, well under 1 KB) inline in the head: one
 * render-blocking request less before the first paint.
 */
export function withInlineStylesheets(shell: string, read: (href: string) => string): string {
  return shell.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    return css.length <= INLINE_CSS_MAX && !css.includes('</') ? `<style>${css}</style>` : link;
  });
}

export function withPrerenderedRoot(shell: string, markup: string): string {
  if (!shell.includes(ROOT_DIV)) throw new Error(`index.html must contain ${ROOT_DIV}`);
  // The server's CSP allows no inline script: the page must work without one.
  if (/<script/i.test(markup)) throw new Error('prerender: the markup contains an inline script (a suspended boundary?)');
  const styles = hoistEmotionStyles(markup);
  return shell.replace('</head>', () => `  ${styles.head}\n  </head>`).replace(ROOT_DIV, () => `<div id="root">${styles.markup}</div>`);
}

const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The home page paints from its HTML alone: its scripts need not race the page for the line.
 * Without the entry's `modulepreload` links the browser finds the imports as it runs the entry,
 * a little later, and the first paint on a slow line comes sooner (Lighthouse `/`, measured: first
 * paint and LCP 1.6–1.9 s without them, 1.9–3.0 s with them).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}

export function prerenderHome(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'layerloft:prerender-home',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // A folder per build: Node caches modules by URL, and a rebuild in the same process (watch
      // mode) must load the new bundle, whose chunks import its entry by plain path.
      const ssrOut = path.join(config.root, 'node_modules/.cache/layerloft', `prerender-${process.pid}-${Date.now()}`);
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        plugins: [react()],
        build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, minify: false },
        // One self-contained file (some packages, like redux-persist, are not loadable by Node's ESM
        // resolver), with the ESM build of dual packages: react-router-dom's CommonJS build would
        // bring a second copy of react-router, whose router context the links would not see.
        ssr: { noExternal: true, resolve: { conditions: ['module-sync', 'module', 'import'] } },
      });
      const entry = fs.readdirSync(ssrOut).find((f) => /^prerender\.m?js$/.test(f));
      if (!entry) throw new Error(`prerender: no bundle in ${ssrOut}`);
      let markup: string;
      let frame: string;
      try {
        const prerender = (await import(pathToFileURL(path.join(ssrOut, entry)).href)) as { renderPage: (p: string) => Promise<string>; renderFrame: () => Promise<string> };
        markup = await prerender.renderPage('/');
        frame = await prerender.renderFrame();
      } finally {
        fs.rmSync(ssrOut, { recursive: true, force: true });
      }

      const built = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const shell = withInlineStylesheets(built, (href) => fs.readFileSync(path.join(outDir, href), 'utf8'));
      fs.writeFileSync(path.join(outDir, 'shell.html'), withPrerenderedRoot(shell, frame));
      fs.writeFileSync(path.join(outDir, 'index.html'), withPrerenderedRoot(withoutModulePreloads(shell), markup));
    },
  };
}
