/**
 * How a colour name looks on a swatch. Names follow the catalog's filament colours; a few are
 * effects (Galaxy, Rainbow, Marble) drawn as gradients. Unknown names get a neutral swatch, and
 * the name is always written next to or inside the swatch's label, never conveyed by colour alone.
 */
const SWATCHES: Record<string, string> = {
  red: '#e63946',
  crimson: '#c1121f',
  orange: '#f77f00',
  yellow: '#f4c430',
  gold: 'linear-gradient(135deg, #f6d365 0%, #d4a017 60%, #b8860b 100%)',
  green: '#2a9d8f',
  lime: '#8ac926',
  teal: '#14b8a6',
  blue: '#3a86ff',
  navy: '#1d3557',
  purple: '#8338ec',
  violet: '#9d4edd',
  pink: '#ff5d8f',
  black: '#2b2d42',
  white: '#f8f9fa',
  silver: 'linear-gradient(135deg, #e9ecef 0%, #adb5bd 60%, #868e96 100%)',
  gray: '#6c757d',
  grey: '#6c757d',
  bronze: 'linear-gradient(135deg, #d4a373 0%, #b08d57 60%, #7f5539 100%)',
  brown: '#8d5524',
  galaxy: 'radial-gradient(circle at 30% 30%, #c77dff 0%, #5a189a 55%, #10002b 100%)',
  glow: '#b9fbc0',
  rainbow: 'conic-gradient(#ff006e, #fb5607, #ffbe0b, #8ac926, #3a86ff, #8338ec, #ff006e)',
  marble: 'linear-gradient(135deg, #f1efec 0%, #d8d4cf 45%, #f7f5f2 55%, #bdb8b1 100%)',
  wood: 'repeating-linear-gradient(100deg, #a47148 0 6px, #8b5e34 6px 9px)',
};

export function swatchBackground(color: string): string {
  return SWATCHES[color.trim().toLowerCase()] ?? '#d9d2c5';
}
