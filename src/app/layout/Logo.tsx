import Box from '@mui/material/Box';
import { brand } from '../../components/brand';

/** The LayerLoft mark: three stacked print layers, each a filament colour. */
export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect x="4" y="25" width="32" height="9" rx="4.5" fill={brand.teal} />
      <rect x="8" y="15.5" width="24" height="9" rx="4.5" fill={brand.sun} />
      <rect x="12" y="6" width="16" height="9" rx="4.5" fill={brand.coralLight} />
    </svg>
  );
}

export function Logo({ name = 'LayerLoft' }: { name?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark />
      <Box
        component="span"
        sx={{
          fontFamily: '"Fredoka Variable", "Fredoka Fallback", sans-serif',
          fontWeight: 650,
          fontSize: { xs: '1.35rem', sm: '1.55rem' },
          letterSpacing: '-0.01em',
          color: 'text.primary',
          '& b': { color: 'primary.main', fontWeight: 650 },
        }}
      >
        {name === 'LayerLoft' ? (
          <>
            Layer<b>Loft</b>
          </>
        ) : (
          name
        )}
      </Box>
    </Box>
  );
}
