import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { brand } from '../../components/brand';

/** An order card's footprint (picture, id, payment, total, status and buttons) while the orders load. */
export function OrderCardSkeleton() {
  return (
    <Box aria-hidden sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: '22px', overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '72px minmax(0, 1fr)', md: '96px minmax(0, 1fr) auto' },
          gap: { xs: 1.75, md: 3 },
          alignItems: 'center',
          p: { xs: 2, md: 2.5 },
        }}
      >
        <Skeleton variant="rounded" sx={{ width: { xs: 72, md: 96 }, height: { xs: 72, md: 96 }, borderRadius: '18px', bgcolor: brand.sunSoft }} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0,1fr) minmax(0,1fr)', sm: 'minmax(0, 1.6fr) repeat(2, minmax(0, 1fr))' }, gap: { xs: 1.25, md: 2 } }}>
          {[0, 1, 2].map((i) => (
            <Box key={i} sx={{ gridColumn: { xs: i === 0 ? '1 / -1' : 'auto', sm: 'auto' } }}>
              <Skeleton width="45%" />
              <Skeleton width={i === 0 ? '90%' : '70%'} height={28} />
            </Box>
          ))}
        </Box>
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, display: 'flex', flexDirection: { xs: 'row', md: 'column' }, alignItems: { xs: 'center', md: 'flex-end' }, gap: 1, flexWrap: 'wrap' }}>
          <Skeleton variant="rounded" width={130} height={32} sx={{ borderRadius: 999, mr: { xs: 'auto', md: 0 } }} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Skeleton variant="rounded" width={128} height={36} sx={{ borderRadius: 999 }} />
            <Skeleton variant="rounded" width={136} height={36} sx={{ borderRadius: 999 }} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
