/**
 * The catalog's filament colours by name (lower case), as flat sRGB: the server draws product
 * pictures with them (server/images/svg.ts) and the store's colour swatches start from them
 * (src/features/catalog/swatches.ts, which paints the effect colours as gradients).
 */
export const FILAMENT_COLORS: Readonly<Record<string, string>> = {
  red: '#e63946',
  crimson: '#c1121f',
  orange: '#f77f00',
  yellow: '#f4c430',
  gold: '#d4a017',
  green: '#2a9d8f',
  lime: '#8ac926',
  teal: '#14b8a6',
  blue: '#3a86ff',
  navy: '#1d3557',
  purple: '#8338ec',
  violet: '#9d4edd',
  pink: '#ff5d8f',
  black: '#2b2d42',
  white: '#e9ecef',
  silver: '#adb5bd',
  gray: '#6c757d',
  grey: '#6c757d',
  bronze: '#b08d57',
  brown: '#8d5524',
  galaxy: '#5a189a',
  glow: '#b9fbc0',
  rainbow: '#ff006e',
  marble: '#d8d4cf',
  wood: '#a47148',
};
