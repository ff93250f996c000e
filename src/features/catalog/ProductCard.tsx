import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { Price } from '../../components/Price';
import { brand } from '../../components/brand';
import type { Product } from '../../domain/types';
import { displayName } from '../../domain/taxonomy';
import { cardPrices, productBadge, type BadgeKind } from './rules';

export const BADGE_COLORS: Record<BadgeKind, { bg: string; fg: string }> = {
  outOfStock: { bg: brand.ink, fg: '#FFFFFF' },
  // A deeper lilac than the brand accent: white text on it passes AA (6:1).
  preOrder: { bg: '#6E4FB8', fg: '#FFFFFF' },
  comingSoon: { bg: brand.teal, fg: '#FFFFFF' },
  new: { bg: brand.sun, fg: brand.ink },
  limited: { bg: '#9E3414', fg: '#FFFFFF' },
  sale: { bg: brand.coral, fg: '#FFFFFF' },
};

/** Intrinsic size of card images (square SVGs from the server) so the grid never shifts. */
export const CARD_IMAGE_SIZE = 480;

export interface ProductCardProps {
  product: Product;
  /** Above-the-fold cards load eagerly; the rest lazily. */
  eager?: boolean;
  /** A control placed over the image's corner (e.g. the wishlist heart), composed by the page. */
  action?: ReactNode;
  headingLevel?: 'h3' | 'h4';
}

/**
 * The product tile of the home page and (later) the store grid: image, name, price and sale
 * price, and the one badge of SPEC §4. Vaulted products are greyed out and not clickable.
 * The name link stretches over the card, so the card is one target without nesting the action.
 */
export function ProductCard({ product, eager = false, action, headingLevel = 'h3' }: ProductCardProps) {
  const badge = productBadge(product);
  const { price, sale } = cardPrices(product);
  const vaulted = product.vaulted === true;
  const image = assetUrl(product.image?.[0]);

  return (
    <Card
      component="article"
      aria-disabled={vaulted || undefined}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        transition: 'transform 180ms ease, box-shadow 180ms ease',
        ...(vaulted
          ? { filter: 'grayscale(1)', opacity: 0.6 }
          : {
              '&:hover, &:focus-within': {
                transform: 'translateY(-4px)',
                boxShadow: '0 14px 34px rgba(43, 34, 51, 0.12)',
              },
              '&:focus-within': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 2 },
            }),
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: brand.sunSoft }}>
        <Box
          component="img"
          src={image}
          alt={product.name}
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
        {(badge || vaulted) && (
          <Chip
            size="small"
            label={vaulted ? 'Vaulted' : badge?.label}
            sx={{
              position: 'absolute',
              top: 10,
              left: 10,
              bgcolor: vaulted ? brand.ink : BADGE_COLORS[badge!.kind].bg,
              color: vaulted ? '#FFFFFF' : BADGE_COLORS[badge!.kind].fg,
              boxShadow: '0 2px 8px rgba(43,34,51,0.18)',
            }}
          />
        )}
        {action && !vaulted && <Box sx={{ position: 'absolute', top: 6, right: 6, zIndex: 2 }}>{action}</Box>}
      </Box>
      <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.04em' }}>
          {displayName(product.subCategory || String(product.mainCategory))}
        </Typography>
        <Typography
          component={headingLevel}
          sx={{
            fontWeight: 700,
            fontSize: { xs: '0.95rem', sm: '1.02rem' },
            lineHeight: 1.3,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            minHeight: '2.6em',
          }}
        >
          {vaulted ? (
            product.name
          ) : (
            <Box
              component={RouterLink}
              to={`/product/${encodeURIComponent(product._id)}`}
              sx={{
                color: 'inherit',
                textDecoration: 'none',
                outline: 'none',
                // Stretched link: the whole card is the click target.
                '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
              }}
            >
              {product.name}
            </Box>
          )}
        </Typography>
        <Box sx={{ mt: 'auto', pt: 0.5 }}>
          <Price price={price} sale={sale} />
        </Box>
      </Box>
    </Card>
  );
}
