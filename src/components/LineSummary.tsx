import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../api/config';
import type { ResolvedLine } from '../domain/cartLines';
import { formatMoney, toDollars } from '../domain/money';
import { brand } from './brand';
import { tapArea } from './tapArea';

/** Where a line's item lives in the shop. */
function lineHref(line: ResolvedLine): string {
  return line.kind === 'bundle' ? `/bundle/${line.itemId}` : `/product/${line.itemId}`;
}

/** The visible name of a line: its item, or a placeholder when the item left the catalog. */
function lineName(line: ResolvedLine): string {
  if (line.name) return line.name;
  return line.kind === 'bundle' ? 'A bundle that is no longer offered' : 'A product that is no longer in the shop';
}

/**
 * Image, name, variant (color and size, 'Bundle Deal' for bundles, the accessory's product) and
 * unit price of a cart or saved line; flagged when it cannot be bought. Shared by the cart and
 * saved-for-later lists (presentation only).
 */
/**
 * `shipText`: when the line ships ('Made to order — ships by Thu, Dec 3') on a page that dates its
 * lines; null while the dates are on their way (the line keeps their room: nothing moves when they come).
 */
export function LineSummary({ line, headingId, shipText }: { line: ResolvedLine; headingId?: string; shipText?: string | null }) {
  const gone = line.status === 'missing';
  const unavailable = line.status !== 'ok';
  const parts = line.kind === 'product' ? [line.color && `Color: ${line.color}`, line.size && `Size: ${line.size}`].filter(Boolean) : [];
  return (
    <Box sx={{ display: 'flex', gap: { xs: 1.5, sm: 2 }, minWidth: 0, alignItems: 'flex-start' }}>
      <Box
        component="img"
        src={assetUrl(line.image)}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        sx={{
          width: { xs: 76, sm: 96 },
          height: { xs: 76, sm: 96 },
          flexShrink: 0,
          objectFit: 'cover',
          borderRadius: '16px',
          bgcolor: brand.sunSoft,
          ...(unavailable ? { filter: 'grayscale(1)', opacity: 0.6 } : {}),
        }}
      />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.08rem' }, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {gone ? (
            lineName(line)
          ) : (
            <Link component={RouterLink} to={lineHref(line)} color="inherit" underline="hover" sx={tapArea}>
              {lineName(line)}
            </Link>
          )}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
          {line.kind === 'bundle' && <Chip size="small" label="Bundle Deal" sx={{ bgcolor: brand.lilac, color: '#fff', fontWeight: 800 }} />}
          {line.kind === 'accessory' && line.parentName && (
            <Typography variant="body2" color="text.secondary">
              Accessory for {line.parentName}
            </Typography>
          )}
          {parts.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {parts.join(' · ')}
            </Typography>
          )}
        </Box>
        {unavailable ? (
          <Chip
            size="small"
            label={gone ? 'No longer available' : 'Currently unavailable'}
            sx={{ justifySelf: 'start', bgcolor: brand.ink, color: '#fff', fontWeight: 700 }}
          />
        ) : (
          line.unitPriceCents !== null && (
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {formatMoney(toDollars(line.unitPriceCents))} each
            </Typography>
          )
        )}
        {!unavailable && shipText !== undefined && <LineShipBy text={shipText} />}
      </Box>
    </Box>
  );
}

/**
 * A line's ship-by statement, or its room while it loads: two lines' height on a phone (where the
 * statement may wrap), one on wider screens.
 */
export function LineShipBy({ text }: { text: string | null }) {
  return (
    <Typography variant="body2" data-testid={text === null ? undefined : 'line-ship-by'} sx={{ fontWeight: 700, color: 'secondary.dark', minHeight: { xs: '2.86em', sm: '1.43em' } }}>
      {text ?? '\u00a0'}
    </Typography>
  );
}
