import Box from '@mui/material/Box';
import { PageSkeleton, PanelSkeleton } from '../../components/PageSkeleton';

/** /place-order as the server renders it: the heading, the delivery, payment and summary panels' footprints. */
export function PlaceOrderSkeleton() {
  return (
    <PageSkeleton overline="Checkout" title="Place your order" label="Loading your order…">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 400px' }, gap: { xs: 3, md: 4 }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <PanelSkeleton height={{ xs: 620, md: 480 }} lines={6} />
          <PanelSkeleton height={200} lines={2} />
        </Box>
        <PanelSkeleton height={360} lines={5} />
      </Box>
    </PageSkeleton>
  );
}
