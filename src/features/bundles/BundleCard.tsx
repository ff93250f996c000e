/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import EventIcon from '@mui/icons-material/Event';
import { Link as RouterLink } from 'react-router-dom';
import { assetUrl } from '../../api/config';
import { brand, brandFonts } from '../../components/brand';
import { cardFrame } from '../../components/cardFrame';
import { Picture } from '../../components/Picture';
import { formatDate } from '../../components/formatDate';
import { formatMoney } from '../../domain/money';
import type { Bundle } from '../../domain/types';
import { BUNDLE_IMAGE_HEIGHT, BUNDLE_IMAGE_WIDTH } from './bundleLayout';

/** The theme's `md` breakpoint (900 px). */
const MD_UP = '@media (min-width:900px)';

/**
 * Serialized once when the module loads, not per card and render as `sx` objects are:
 * plain elements drawn with the theme's values, as MUI's Card, Chip and Typography drew them.
 */
const styles = {
  card: css(cardFrame),
  media: css({ position: 'relative', aspectRatio: '4 / 3', backgroundColor: brand.lilacSoft }),
  image: css({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }),
  badge: css({
    position: 'absolute',
    top: 12,
    left: 12,
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
    backgroundColor: brand.sun,
    color: brand.ink,
  }),
  body: css({ padding: 20, display: 'flex', flexDirection: 'column', gap: 8, flexGrow: 1 }),
  title: css({ margin: 0, fontFamily: brandFonts.heading, fontWeight: 600, fontSize: '1.2rem', lineHeight: 1.334, [MD_UP]: { fontSize: '1.3rem' } }),
  link: css({
    color: 'inherit',
    textDecoration: 'none',
    outline: 'none',
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
  }),
  footer: css({ marginTop: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }),
  price: css({ margin: 0, color: brand.coral, fontWeight: 800, fontSize: '1.3rem', lineHeight: 1.5, letterSpacing: '0.00938em' }),
  ends: css({ display: 'flex', alignItems: 'center', gap: 6, color: brand.inkSoft }),
  endsText: css({ margin: 0, fontSize: '0.875rem', lineHeight: 1.43, letterSpacing: '0.01071em' }),
  offer: css({ fontWeight: 700, color: brand.teal }),
};

/** One bundle in the home carousel: image, title, price, 'Limited-Time Offer' end date. */
export function BundleCard({ bundle, eager, hidden }: { bundle: Bundle; eager: boolean; hidden: boolean }) {
  const ends = formatDate(bundle.endDate);
  return (
    <article css={styles.card}>
      <div css={styles.media}>
        <Picture
          css={styles.image}
          src={assetUrl(bundle.images?.[0])}
          sizes="(min-width: 900px) 400px, 90vw"
          alt=""
          width={BUNDLE_IMAGE_WIDTH}
          height={BUNDLE_IMAGE_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span css={styles.badge}>Bundle deal</span>
      </div>
      <div css={styles.body}>
        <h3 css={styles.title}>
          <RouterLink css={styles.link} to={`/bundle/${encodeURIComponent(bundle._id)}`} tabIndex={hidden ? -1 : undefined}>
            {bundle.title}
          </RouterLink>
        </h3>
        <div css={styles.footer}>
          <p css={styles.price}>{formatMoney(bundle.price)}</p>
          <div css={styles.ends}>
            <EventIcon fontSize="small" aria-hidden />
            <p css={styles.endsText}>
              <span css={styles.offer}>Limited-Time Offer</span>
              {ends && <> · ends {ends}</>}
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}
