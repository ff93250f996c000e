/**
 * Grows a small control's hit area to at least 44 × 44 px (WCAG 2.5.5, Apple HIG) without
 * changing how it looks: an invisible, centred `::after` takes the taps. Use it where the visible
 * control must stay small (a heart on a card, a name link in a list); give neighbours room so the
 * grown areas do not overlap.
 */
export const tapArea = {
  position: 'relative',
  '&::after': {
    content: '""',
    position: 'absolute',
    top: '50%',
    left: '50%',
    width: '100%',
    height: '100%',
    minWidth: '44px',
    minHeight: '44px',
    transform: 'translate(-50%, -50%)',
  },
} as const;
