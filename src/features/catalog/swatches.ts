import { FILAMENT_COLORS } from '../../domain/colors';
import { own } from '../../domain/lookup';

/**
 * How a colour name looks on a swatch. Names follow the catalog's filament colours; a few are
 * effects (Galaxy, Rainbow, Marble) drawn as gradients. Unknown names get a neutral swatch, and
 * the name is always written next to or inside the swatch's label, never conveyed by colour alone.
 */
const SWATCHES: Record<string, string> = {
  ...FILAMENT_COLORS,
  // Swatches sit on white: a lighter white, and the effect filaments drawn as what they look like.
  white: '#f8f9fa',
  gold: 'linear-gradient(135deg, #f6d365 0%, #d4a017 60%, #b8860b 100%)',
  silver: 'linear-gradient(135deg, #e9ecef 0%, #adb5bd 60%, #868e96 100%)',
  bronze: 'linear-gradient(135deg, #d4a373 0%, #b08d57 60%, #7f5539 100%)',
  galaxy: 'radial-gradient(circle at 30% 30%, #c77dff 0%, #5a189a 55%, #10002b 100%)',
  rainbow: 'conic-gradient(#ff006e, #fb5607, #ffbe0b, #8ac926, #3a86ff, #8338ec, #ff006e)',
  marble: 'linear-gradient(135deg, #f1efec 0%, #d8d4cf 45%, #f7f5f2 55%, #bdb8b1 100%)',
  wood: 'repeating-linear-gradient(100deg, #a47148 0 6px, #8b5e34 6px 9px)',
};

export function swatchBackground(color: string): string {
  return own(SWATCHES, color.trim().toLowerCase()) ?? '#d9d2c5';
}
