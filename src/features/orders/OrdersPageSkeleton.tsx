import Box from '@mui/material/Box';
import { PageSkeleton, PanelSkeleton } from '../../components/PageSkeleton';
import { OrderCardSkeleton } from './OrderCardSkeleton';
import { ORDERS_TEXT } from './text';

/** /orders as the server renders it: the heading, the filters' and two cards' footprints; the orders need the token. */
export function OrdersPageSkeleton() {
  return (
    <PageSkeleton title={ORDERS_TEXT.heading} label="Loading your orders…">
      <Box sx={{ display: 'grid', gap: 2 }}>
        <PanelSkeleton height={{ xs: 150, md: 90 }} lines={1} />
        <OrderCardSkeleton />
        <OrderCardSkeleton />
      </Box>
    </PageSkeleton>
  );
}
