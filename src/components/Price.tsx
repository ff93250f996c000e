/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import { formatMoney } from '../domain/money';
import { brand } from './brand';
import { visuallyHidden } from './visuallyHidden';

/**
 * Serialized once when the module loads: every product card shows a price, and a grid
 * of them then costs no per-card style work. The theme's body text with the price's own weight.
 */
const amount = { margin: 0, fontWeight: 800, lineHeight: 1.5, letterSpacing: '0.00938em' } as const;
const styles = {
  md: css({ ...amount, fontSize: '1.05rem' }),
  lg: css({ ...amount, fontSize: '1.35rem' }),
  saleRow: css({ margin: 0, display: 'flex', alignItems: 'baseline', gap: 8, flexWrap: 'wrap' }),
  saleMd: css({ ...amount, fontSize: '1.05rem', color: brand.coral }),
  saleLg: css({ ...amount, fontSize: '1.35rem', color: brand.coral }),
  regular: css({ margin: 0, fontSize: '0.9rem', lineHeight: 1.5, letterSpacing: '0.00938em', color: brand.inkSoft }),
  hidden: css(visuallyHidden),
};

/** A price, or a sale price next to the struck-through list price. Amounts with 2 decimals (SPEC §9). */
export function Price({ price, sale, size = 'md' }: { price: number; sale?: number | null; size?: 'md' | 'lg' }) {
  if (sale === null || sale === undefined) return <p css={styles[size]}>{formatMoney(price)}</p>;
  return (
    <p css={styles.saleRow}>
      <span css={size === 'lg' ? styles.saleLg : styles.saleMd}>
        <span css={styles.hidden}>Sale price </span>
        {formatMoney(sale)}
      </span>
      <s css={styles.regular}>
        <span css={styles.hidden}>Regular price </span>
        {formatMoney(price)}
      </s>
    </p>
  );
}
