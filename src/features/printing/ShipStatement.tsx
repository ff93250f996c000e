import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * One ship-by statement with its truck icon. While the dates are loading it keeps the line's height
 * (a blank of the same size), so nothing below moves when they arrive.
 */
export function ShipStatement({ text, id }: { text: string | null; id?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28 }}>
      <LocalShippingOutlined aria-hidden fontSize="small" sx={{ color: 'secondary.main' }} />
      <Typography id={id} data-testid="ship-statement" sx={{ fontWeight: 700 }} aria-live="polite">
        {text ?? '\u00a0'}
      </Typography>
    </Box>
  );
}
