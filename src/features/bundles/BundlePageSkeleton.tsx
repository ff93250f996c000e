import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { visuallyHidden } from '../../components/visuallyHidden';
import { BUNDLE_IMAGE_HEIGHT, BUNDLE_IMAGE_WIDTH } from './bundleLayout';

/**
 * The bundle page while the bundles load: the 4:3 gallery, title, price, text, the offer box and
 * the button in their final places (no jump when the bundle arrives). 'Loading...' (SPEC §2) is
 * the status read to screen readers.
 */
export function BundlePageSkeleton() {
  return (
    <Box role="status" aria-busy="true">
      <Box component="span" sx={visuallyHidden}>
        Loading...
      </Box>
      <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' }, gap: { xs: 3, md: 6 }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
          <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: `${BUNDLE_IMAGE_WIDTH} / ${BUNDLE_IMAGE_HEIGHT}`, borderRadius: '22px' }} />
          <Box sx={{ display: 'flex', gap: 1, p: '4px' }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" sx={{ width: { xs: 60, sm: 76 }, height: { xs: 60, sm: 76 }, borderRadius: '14px' }} />
            ))}
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          <Skeleton sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, width: '80%' }} />
          <Skeleton width={120} height={44} />
          <Box>
            <Skeleton />
            <Skeleton width="75%" />
          </Box>
          <Skeleton variant="rounded" height={72} sx={{ borderRadius: '16px' }} />
          <Skeleton variant="rounded" height={50} sx={{ borderRadius: 999, width: { xs: '100%', sm: 230 } }} />
        </Box>
      </Box>
    </Box>
  );
}
