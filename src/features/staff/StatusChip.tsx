import Box from '@mui/material/Box';
import type { OrderStatus } from '../../domain/types';
import { STATUS_COLORS } from './format';

/** An order's status as a coloured pill (the text says it; the colour only helps). */
export function StatusChip({ status }: { status: OrderStatus }) {
  const c = STATUS_COLORS[status] ?? STATUS_COLORS.Cancelled;
  return (
    <Box component="span" data-testid="staff-status" sx={{ display: 'inline-block', px: 1.25, py: 0.25, borderRadius: 999, bgcolor: c.bg, color: c.fg, fontWeight: 700, fontSize: '0.8rem', whiteSpace: 'nowrap' }}>
      {status}
    </Box>
  );
}
