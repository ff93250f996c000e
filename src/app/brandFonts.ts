import fredokaCore from './fonts/fredoka-wght-600-core.woff2?url';
import fredokaExtra from './fonts/fredoka-wght-600-extra.woff2?url';
import nunitoCore from './fonts/nunito-wght-400-700-core.woff2?url';
import nunitoExtra from './fonts/nunito-wght-400-700-extra.woff2?url';

/**
 * The two typefaces, Latin letters only (a US store; accented Latin-1 letters included), made from
 * @fontsource-variable's files by scripts/subset-fonts.sh: Nunito with its weight axis cut to
 * 400–700 (800 is drawn at 700), Fredoka a static cut at 600 (every weight asked for is drawn at
 * 600); each face is declared for 400/500–800 so that no browser fakes a bolder weight. Each
 * family in two files by unicode-range: the core (ASCII and the few other characters the shop's
 * own text uses, 26 KB the pair; 44 KB with Nunito to 800 and Fredoka 500–700) and the rest of
 * Latin-1 and its punctuation, which the browser fetches only for a page that has one of those
 * letters (68 KB the pair before any cut, 61 KB in one file each). They swap in when they
 * arrive (`font-display: swap`): the brand fonts show on the first visit too. Until they arrive the text is drawn in a metric-matched fallback — the system's Arial
 * (Liberation Sans / Arimo on Linux, Helvetica on macOS) scaled with `size-adjust` to the brand
 * font's average letter width and given its ascent and descent — so the swap
 * re-wraps no line and moves nothing (CLS ≤ 0.02 at 375 px, tests/e2e/hydration.test.ts).
 * Figures measured in Chromium on this repository's sample text (canvas measureText, 100 px):
 *   Nunito 400 / Arial 400 width 1.0161, Nunito 700 / Arial Bold 0.9842, Fredoka 600 / Arial Bold
 *   0.9433; ascent / descent (font units per em): Nunito 1011 / 353, Fredoka 974 / 236.
 * The overrides are divided by the size adjustment, which scales them too.
 * The fallbacks are in index.html's inline style, painted with the server's page; these fonts
 * load with the app, after the page has loaded and painted (boot.ts):
 * 70 KB of fonts asked for before the first paint delayed it and the largest paint on a slow line
 * (Lighthouse, `/collection`: first paint 1.1–1.4 s with them), and a preload did worse
 * (first paint and LCP of `/` 1.9 s → 3.7 s).
 *
 * Both cores are added to the page in one go, once both have arrived (the FontFace API): each
 * font that swaps in makes the browser lay out and shape all the page's text again (~10–20 ms on
 * a fast machine, 4–5× that on a phone), and with two @font-face rules the two fonts arrived
 * apart, two such tasks after the first paint (Lighthouse's Total Blocking Time). The other
 * files are added with them and load only if a page shows one of their letters.
 */

/** Keep these ranges the same as scripts/subset-fonts.sh's and server/payments/pay.css's. */
const CORE = 'U+0020-007E, U+00A0, U+00A9, U+00B7, U+00D7, U+00E9, U+200B, U+2013-2014, U+2018-201D, U+2022, U+2026, U+2039-203A, U+2212';
const EXTRA =
  'U+00A1-00A8, U+00AA-00B6, U+00B8-00D6, U+00D8-00E8, U+00EA-00FF, U+0131, U+0152-0153, U+02C6, U+02DA, U+02DC, U+2000-200A, U+200C-2012, U+2015-2017, U+201E-2021, U+2023-2025, U+2027-2038, U+203B-206F, U+20AC, U+2122, U+2191, U+2193, U+2215';

/** Nunito 400–700 is a variable font; Fredoka a single weight. Each is declared up to 800 so no browser fakes a bolder one. */
const FAMILIES = [
  { family: 'Nunito Variable', weight: '400 800', core: nunitoCore, extra: nunitoExtra, format: 'woff2-variations' },
  { family: 'Fredoka Variable', weight: '500 800', core: fredokaCore, extra: fredokaExtra, format: 'woff2' },
] as const;

const face = (family: string, url: string, format: string, weight: string, unicodeRange: string) =>
  new FontFace(family, `url(${url}) format('${format}')`, { weight, style: 'normal', display: 'swap', unicodeRange });

/** Loads both cores, then adds every face to the page at once (a core that fails to load is left out: its fallback stays). */
export async function loadBrandFonts(fonts: FontFaceSet = document.fonts): Promise<void> {
  const cores = FAMILIES.map((f) => face(f.family, f.core, f.format, f.weight, CORE));
  const extras = FAMILIES.map((f) => face(f.family, f.extra, f.format, f.weight, EXTRA));
  const loaded = await Promise.allSettled(cores.map((c) => c.load()));
  for (const [i, core] of cores.entries()) if (loaded[i]!.status === 'fulfilled') fonts.add(core);
  for (const extra of extras) fonts.add(extra);
}
