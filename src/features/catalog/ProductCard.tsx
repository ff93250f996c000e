/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { Picture } from '../../components/Picture';
import { Price } from '../../components/Price';
import { Stars } from '../../components/Stars';
import { brand, brandFonts, SM_UP } from '../../components/brand';
import { cardFrame } from '../../components/cardFrame';
import type { Product } from '../../domain/types';
import { displayName } from '../../domain/taxonomy';
import { cardPrices, productBadge, type BadgeKind } from './badges';

export const BADGE_COLORS: Record<BadgeKind, { bg: string; fg: string }> = {
  outOfStock: { bg: brand.ink, fg: '#FFFFFF' },
  // A deeper lilac than the brand accent: white text on it passes AA (6:1).
  preOrder: { bg: '#6E4FB8', fg: '#FFFFFF' },
  comingSoon: { bg: brand.teal, fg: '#FFFFFF' },
  new: { bg: brand.sun, fg: brand.ink },
  limited: { bg: '#9E3414', fg: '#FFFFFF' },
  sale: { bg: brand.coral, fg: '#FFFFFF' },
};

/** Intrinsic size of card images (square pictures from the server) so the grid never shifts. */
export const CARD_IMAGE_SIZE = 480;
/** A card's width: two a row on a phone, up to four a row (some 300 px) on a wide screen. */
const CARD_IMAGE_SIZES = '(min-width: 900px) 300px, calc(50vw - 24px)';

export interface ProductCardProps {
  product: Product;
  /** Above-the-fold cards load eagerly; the rest lazily. */
  eager?: boolean;
  /** A control placed over the image's corner (e.g. the wishlist heart), composed by the page. */
  action?: ReactNode;
  headingLevel?: 'h3' | 'h4';
}

/**
 * The card's styles, serialized once when the module loads: a grid of cards costs no
 * per-card style work while it renders or hydrates (an `sx` object is resolved on every render of
 * every card). One emotion style on the card, its parts addressed by class: a `css` prop on every
 * part would add two components per element (emotion's wrapper and its style insertion), and a
 * category click mounts twelve cards. Plain elements with the theme's values (brand tokens), as
 * MUI's Card, Chip and Typography drew them.
 */
const card = css({
  ...cardFrame,
  '&[aria-disabled="true"]': { filter: 'grayscale(1)', opacity: 0.6, transform: 'none', boxShadow: '0 8px 28px rgba(43, 34, 51, 0.06)', outline: 'none' },
  '& .product-card-media': { position: 'relative', aspectRatio: '1 / 1', backgroundColor: brand.sunSoft },
  '& .product-card-image': { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  '& .product-card-badge': {
    position: 'absolute',
    top: 10,
    left: 10,
    display: 'inline-flex',
    alignItems: 'center',
    height: 24,
    padding: '0 8px',
    borderRadius: 16,
    fontFamily: brandFonts.heading,
    fontSize: '0.8125rem',
    fontWeight: 700,
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
    boxShadow: '0 2px 8px rgba(43,34,51,0.18)',
  },
  '& .product-card-action': { position: 'absolute', top: 6, right: 6, zIndex: 2 },
  '& .product-card-body': { padding: 12, display: 'flex', flexDirection: 'column', gap: 4, flexGrow: 1, [SM_UP]: { padding: 16 } },
  '& .product-card-category': {
    margin: 0,
    fontSize: '0.75rem',
    lineHeight: 1.66,
    fontWeight: 700,
    letterSpacing: '0.04em',
    color: brand.inkSoft,
  },
  '& .product-card-name': {
    margin: 0,
    fontWeight: 700,
    fontSize: '0.95rem',
    lineHeight: 1.3,
    letterSpacing: '0.00938em',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    minHeight: '2.6em',
    [SM_UP]: { fontSize: '1.02rem' },
  },
  '& .product-card-link': {
    color: 'inherit',
    textDecoration: 'none',
    outline: 'none',
    // Stretched link: the whole card is the click target.
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
  },
  '& .product-card-price': { marginTop: 'auto', paddingTop: 4 },
});

/**
 * The product tile of the home page and the store grid: image, name, price and sale price, and
 * the one badge of SPEC §4, and the stars with their count once the product has approved reviews. Vaulted products are greyed out and not clickable. The name link
 * stretches over the card, so the card is one target without nesting the action.
 */
export function ProductCard({ product, eager = false, action, headingLevel = 'h3' }: ProductCardProps) {
  const badge = productBadge(product);
  const { price, sale } = cardPrices(product);
  const vaulted = product.vaulted === true;
  const image = assetUrl(product.image?.[0]);
  const Heading = headingLevel;
  const badgeColors = vaulted ? { bg: brand.ink, fg: '#FFFFFF' } : badge ? BADGE_COLORS[badge.kind] : undefined;

  return (
    <article css={card} aria-disabled={vaulted || undefined}>
      <div className="product-card-media">
        <Picture
          className="product-card-image"
          src={image}
          sizes={CARD_IMAGE_SIZES}
          alt={product.name}
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
        {badgeColors && (
          <span className="product-card-badge" style={{ backgroundColor: badgeColors.bg, color: badgeColors.fg }}>
            {vaulted ? 'Vaulted' : badge?.label}
          </span>
        )}
        {action && !vaulted && <div className="product-card-action">{action}</div>}
      </div>
      <div className="product-card-body">
        <span className="product-card-category">{displayName(product.subCategory || String(product.mainCategory))}</span>
        <Heading className="product-card-name">
          {vaulted ? (
            product.name
          ) : (
            <RouterLink className="product-card-link" to={`/product/${encodeURIComponent(product._id)}`}>
              {product.name}
            </RouterLink>
          )}
        </Heading>
        {(product.reviewCount ?? 0) > 0 && <Stars rating={product.rating ?? 0} count={product.reviewCount} size={14} />}
        <div className="product-card-price">
          <Price price={price} sale={sale} />
        </div>
      </div>
    </article>
  );
}
