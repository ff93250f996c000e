import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../domain/money';
import { visuallyHidden } from './visuallyHidden';

/** A price, or a sale price next to the struck-through list price. Amounts with 2 decimals (SPEC §9). */
export function Price({ price, sale, size = 'md' }: { price: number; sale?: number | null; size?: 'md' | 'lg' }) {
  const main = size === 'lg' ? '1.35rem' : '1.05rem';
  if (sale === null || sale === undefined) {
    return (
      <Typography component="p" sx={{ fontWeight: 800, fontSize: main }}>
        {formatMoney(price)}
      </Typography>
    );
  }
  return (
    <Box component="p" sx={{ m: 0, display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="span" color="primary" sx={{ fontWeight: 800, fontSize: main }}>
        <Box component="span" sx={visuallyHidden}>
          Sale price{' '}
        </Box>
        {formatMoney(sale)}
      </Typography>
      <Typography component="s" color="text.secondary" sx={{ fontSize: '0.9rem' }}>
        <Box component="span" sx={visuallyHidden}>
          Regular price{' '}
        </Box>
        {formatMoney(price)}
      </Typography>
    </Box>
  );
}
