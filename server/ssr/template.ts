/**
 * The built index.html as the page around a server render: the render's markup inside
 * `<div id="root">`, its styles in the head, and the data it was rendered from in a JSON block the
 * browser never runs (the CSP allows no inline script; main.tsx reads it).
 */
import { jsonForScript } from '../lib/spaMeta';

const ROOT_DIV = '<div id="root"></div>';
/** The id main.tsx reads the server's data from. */
export const SERVER_DATA_ID = 'server-data';

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

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * The page paints from its HTML alone: its scripts need not race it for the line. Without the
 * entry's `modulepreload` links the browser finds the imports as it runs the entry, a little
 * later, and the first paint on a slow line comes sooner (Lighthouse `/`: first paint and
 * LCP 1.6–1.9 s without them, 1.9–3.0 s with them).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}

export interface RenderedParts {
  markup: string;
  styles: string;
  data: unknown;
}

/**
 * The page: `template` (a built index.html) with the render written in: its styles at the end of
 * the head, its markup in the root and the data block after it. One concatenation of the
 * template's slices around the render's parts (a page is ~170 KB: each `replace` over it would
 * copy it whole).
 */
export function pageHtml(template: string, page: RenderedParts): string {
  const root = template.indexOf(ROOT_DIV);
  if (root < 0) throw new Error(`index.html must contain ${ROOT_DIV}`);
  // A template without a head (before the root) gets no style tags, as a replace of `</head>` would do.
  const head = template.lastIndexOf('</head>', root);
  // The CSP allows no inline script: a render that needs one (an outlined Suspense boundary) is a bug.
  if (/<script/i.test(page.markup)) throw new Error('server render: the markup contains a script (a suspended boundary?)');
  const data = `<script type="application/json" id="${SERVER_DATA_ID}">${jsonForScript(page.data)}</script>`;
  const beforeRoot = head < 0 ? template.slice(0, root) : `${template.slice(0, head)}  ${page.styles}\n  ${template.slice(head, root)}`;
  return `${beforeRoot}<div id="root">${page.markup}</div>\n    ${data}${template.slice(root + ROOT_DIV.length)}`;
}
