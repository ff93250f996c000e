/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import { ratingLabel } from '../domain/reviews';
import { brand } from './brand';

/**
 * Serialized once when the module loads: product cards show stars, and a grid of them then costs
 * no per-card style work. Five outlined stars under five filled ones clipped to the average, so a
 * 4.3 shows as four stars and a third; one accessible name for the whole row.
 */
const styles = {
  row: css({ display: 'inline-flex', alignItems: 'center', gap: 6, margin: 0, lineHeight: 1, color: brand.inkSoft, fontSize: '0.85rem', fontWeight: 700 }),
  stars: css({ position: 'relative', display: 'inline-block', letterSpacing: 1, whiteSpace: 'nowrap' }),
  empty: css({ color: 'rgba(43, 34, 51, 0.28)' }),
  full: css({ position: 'absolute', inset: 0, overflow: 'hidden', color: '#B86E00' }),
};

export interface StarsProps {
  /** Average, 0–5 (one decimal). */
  rating: number;
  /** Shown beside the stars as "(12)" when given. */
  count?: number;
  /** Font size of the stars in px. */
  size?: number;
}

export function Stars({ rating, count, size = 16 }: StarsProps) {
  const value = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const label = count === undefined ? `${value.toFixed(1)} out of 5 stars` : ratingLabel(value, count);
  return (
    <span css={styles.row} role="img" aria-label={label}>
      <span css={styles.stars} style={{ fontSize: size }} aria-hidden="true">
        <span css={styles.empty}>★★★★★</span>
        <span css={styles.full} style={{ width: `${(value / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
      {count !== undefined && <span aria-hidden="true">({count})</span>}
    </span>
  );
}
