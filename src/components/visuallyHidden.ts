/**
 * Hidden on screen, read by screen readers. Lengths are strings on purpose: in MUI's `sx` a bare
 * `1` means 100% and `-1` means one spacing unit.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
