/**
 * Design tokens shared by the theme and by components that need a colour outside the MUI palette
 * (badges, illustrations). Features import these, never the app's theme module.
 */
export const brand = {
  coral: '#C4411D',
  coralLight: '#E4572E',
  coralSoft: '#FFE1D4',
  teal: '#0F7C74',
  tealSoft: '#D3F0EA',
  sun: '#F4B53F',
  sunSoft: '#FFF0C9',
  lilac: '#8F6ED5',
  lilacSoft: '#ECE4FF',
  cream: '#FFF8EF',
  ink: '#2B2233',
  inkSoft: '#6B5E66',
  line: '#F0E3D3',
} as const;

/** The one keyboard focus ring of the shop (the theme draws it on every control; local styles only move its offset). */
export const FOCUS_OUTLINE = `3px solid ${brand.coralLight}`;

/** The brand's typefaces (self-hosted, src/app/brandFonts.ts; fallbacks in index.html): Fredoka for headings, Nunito for text, each with its metric-matched fallback. */
export const brandFonts = {
  heading: '"Fredoka Variable", "Fredoka Fallback", system-ui, sans-serif',
  body: '"Nunito Variable", "Nunito Fallback", system-ui, -apple-system, "Segoe UI", sans-serif',
} as const;

/** The theme's `sm` breakpoint (600 px) as a media query, for styles written outside the theme. */
export const SM_UP = '@media (min-width:600px)';
