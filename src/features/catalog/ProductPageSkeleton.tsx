import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { visuallyHidden } from '../../components/visuallyHidden';

const pill = (width: number) => <Skeleton variant="rounded" width={width} height={44} sx={{ borderRadius: 999 }} />;

/**
 * The product page while it loads: the breadcrumb, the square gallery with its thumbnails and the
 * details column in their final places, so nothing jumps when the product arrives. The SPEC's
 * 'Loading product details...' is the status read to screen readers.
 */
export function ProductPageSkeleton() {
  return (
    <Box role="status" aria-busy="true">
      <Box component="span" sx={visuallyHidden}>
        Loading product details...
      </Box>
      <Box aria-hidden>
        <Skeleton width={260} height={24} sx={{ mb: { xs: 2, md: 3 }, maxWidth: '70%' }} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.05fr) minmax(0, 1fr)' }, gap: { xs: 3, md: 6 }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
            <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: '22px' }} />
            <Box sx={{ display: 'flex', gap: 1, p: '4px' }}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} variant="rounded" sx={{ width: { xs: 60, sm: 76 }, height: { xs: 60, sm: 76 }, borderRadius: '14px' }} />
              ))}
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Skeleton width={180} height={24} />
              <Skeleton sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, width: '85%' }} />
              <Skeleton width={110} height={40} />
            </Box>
            <Box>
              <Skeleton />
              <Skeleton />
              <Skeleton width="70%" />
            </Box>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Skeleton width={90} />
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {pill(92)}
                {pill(100)}
                {pill(96)}
              </Box>
            </Box>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Skeleton variant="rounded" width={110} height={56} />
              <Skeleton variant="rounded" height={50} sx={{ flex: '1 1 170px', borderRadius: 999 }} />
              <Skeleton variant="rounded" height={50} sx={{ flex: '1 1 140px', borderRadius: 999 }} />
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
