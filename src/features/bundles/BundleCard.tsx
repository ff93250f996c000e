import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { brand } from '../../components/brand';
import { formatDate } from '../../components/formatDate';
import { formatMoney } from '../../domain/money';
import type { Bundle } from '../../domain/types';

export const BUNDLE_IMAGE_WIDTH = 600;
export const BUNDLE_IMAGE_HEIGHT = 450;

/** One bundle in the home carousel: image, title, price, 'Limited-Time Offer' end date. */
export function BundleCard({ bundle, eager, hidden }: { bundle: Bundle; eager: boolean; hidden: boolean }) {
  const ends = formatDate(bundle.endDate);
  return (
    <Card
      component="article"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        transition: 'transform 180ms ease, box-shadow 180ms ease',
        '&:hover, &:focus-within': { transform: 'translateY(-4px)', boxShadow: '0 14px 34px rgba(43, 34, 51, 0.12)' },
        '&:focus-within': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 2 },
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: brand.lilacSoft }}>
        <Box
          component="img"
          src={assetUrl(bundle.images?.[0])}
          alt=""
          width={BUNDLE_IMAGE_WIDTH}
          height={BUNDLE_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
        <Chip
          size="small"
          label="Bundle deal"
          sx={{ position: 'absolute', top: 12, left: 12, bgcolor: brand.sun, color: brand.ink }}
        />
      </Box>
      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <Typography component="h3" variant="h5" sx={{ fontSize: { xs: '1.2rem', md: '1.3rem' } }}>
          <Box
            component={RouterLink}
            to={`/bundle/${encodeURIComponent(bundle._id)}`}
            tabIndex={hidden ? -1 : undefined}
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              outline: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
            }}
          >
            {bundle.title}
          </Box>
        </Typography>
        <Box sx={{ mt: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="p" color="primary" sx={{ fontWeight: 800, fontSize: '1.3rem' }}>
            {formatMoney(bundle.price)}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
            <EventIcon fontSize="small" aria-hidden />
            <Typography variant="body2" component="p">
              <Box component="span" sx={{ fontWeight: 700, color: 'secondary.main' }}>
                Limited-Time Offer
              </Box>
              {ends && <> · ends {ends}</>}
            </Typography>
          </Box>
        </Box>
      </Box>
    </Card>
  );
}
