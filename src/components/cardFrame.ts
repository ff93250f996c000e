import { brand } from './brand';

/**
 * The frame of the store's cards (products, bundles): white, rounded, a soft shadow that deepens as
 * the card lifts on hover or focus, and a focus ring. A plain style object, spread into each card's
 * module-level emotion style, so it is serialized once per card kind.
 */
export const cardFrame = {
  position: 'relative',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  margin: 0,
  backgroundColor: '#FFFFFF',
  color: brand.ink,
  borderRadius: 22,
  border: `1px solid ${brand.line}`,
  boxShadow: '0 8px 28px rgba(43, 34, 51, 0.06)',
  transition: 'transform 180ms ease, box-shadow 180ms ease',
  '&:hover, &:focus-within': { transform: 'translateY(-4px)', boxShadow: '0 14px 34px rgba(43, 34, 51, 0.12)' },
  '&:focus-within': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 2 },
} as const;
