import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatShipDay } from '../../../domain/shipBy';
import { useGetOrderPrintQuery } from './printingApi';

/** The staff order page's line on printing: the promised date, progress, ready to ship, or at risk. */
export function OrderPrintSummary({ orderId }: { orderId: string }) {
  const { data } = useGetOrderPrintQuery(orderId);
  if (!data || (data.jobs === 0 && !data.shipBy)) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {data.shipBy && <Typography sx={{ fontWeight: 700 }}>Ships by {formatShipDay(data.shipBy)}</Typography>}
        {data.jobs > 0 && (
          <Typography variant="body2" color="text.secondary">
            ·{' '}
            <Link component={RouterLink} to="/staff/print-queue">
              {data.passed} of {data.jobs} printed units passed QA
            </Link>
          </Typography>
        )}
        {data.readyToShip && <Chip color="success" size="small" label="Ready to ship" />}
      </Box>
      {data.lateUntil && (
        <Alert severity="warning">At risk: the print queue now plans it for {data.lateUntil === 'no printer' ? 'no date (no printer takes its material)' : formatShipDay(data.lateUntil)}, after the date promised.</Alert>
      )}
    </Box>
  );
}
