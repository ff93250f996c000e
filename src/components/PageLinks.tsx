/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import type { MouseEvent, ReactNode } from 'react';
import { pageLinkItems } from '../domain/pagination';
import { brand, FOCUS_OUTLINE } from './brand';

export interface PageLinksProps {
  /** How many pages there are, and the one shown (1-based). */
  count: number;
  page: number;
  /** A page's accessible name ("Go to page 2"; the current one's, "page 3"). */
  pageLabel: (page: number, current: boolean) => string;
  /** The previous and next buttons' accessible names. */
  stepLabel: (step: 'previous' | 'next') => string;
  onChange: (page: number) => void;
  /**
   * With it, each page is a real link to this address: clicked before the app has taken over the
   * server's page it loads that page from the server; after, a plain click is `onChange` and a
   * modified click (new tab, new window) the browser's. Without it, each page is a button.
   */
  hrefFor?: (page: number) => string;
  /** `large` on the brand colour (the store under its grid), or `small` and quiet (a list inside a page). */
  size?: 'large' | 'small';
  /** With it, the row is a `nav` of this name; without, the caller's own `nav` holds it. */
  label?: string;
}

/**
 * Serialized once when the module loads: the look of MUI's Pagination (rounded items, the current
 * page filled), which the shop used before, drawn with plain links and buttons. MUI's Pagination and
 * PaginationItem (ButtonBase, ripple, usePagination: 3.3 KB compressed) were a script of their own on
 * the store and every product page.
 */
const styles = {
  list: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', listStyle: 'none', margin: 0, padding: 0 }),
  item: css({
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSizing: 'border-box',
    margin: '0 3px',
    border: 0,
    background: 'transparent',
    color: brand.ink,
    font: 'inherit',
    fontWeight: 700,
    lineHeight: 1,
    textDecoration: 'none',
    cursor: 'pointer',
    transition: 'background-color 150ms ease',
    '&:hover': { backgroundColor: 'rgba(43, 34, 51, 0.06)' },
    '&:focus-visible': { outline: FOCUS_OUTLINE, outlineOffset: 2 },
    '&:disabled': { opacity: 0.38, cursor: 'default', backgroundColor: 'transparent' },
    '& svg': { width: '1em', height: '1em', fontSize: '1.375rem', fill: 'currentColor' },
  }),
  large: css({
    minWidth: 40,
    height: 40,
    padding: '0 10px',
    borderRadius: 14,
    fontSize: '0.9375rem',
    '&[aria-current="page"]': { backgroundColor: brand.coral, color: '#FFFFFF', '&:hover': { backgroundColor: '#9E3414' } },
  }),
  small: css({
    minWidth: 32,
    height: 32,
    padding: '0 6px',
    borderRadius: 16,
    fontSize: '0.875rem',
    '&[aria-current="page"]': { backgroundColor: 'rgba(43, 34, 51, 0.1)' },
  }),
  gap: css({ minWidth: 32, textAlign: 'center', color: brand.ink, fontWeight: 700 }),
  // Phones: every control a finger hits is at least 44 px (as the theme makes MUI's page items).
  phone: css({ '@media (max-width:599.95px)': { minWidth: 44, height: 44, margin: '0 1px' } }),
};

const plainClick = (e: MouseEvent) => !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button > 0);

/** A row of page links: previous, the pages (with gaps, domain/pagination.ts `pageLinkItems`), next. */
export function PageLinks({ count, page, pageLabel, stepLabel, onChange, hrefFor, size = 'large', label }: PageLinksProps) {
  const look = [styles.item, styles[size], styles.phone];
  const control = (target: number, name: string, content: ReactNode, current = false) => {
    if (!hrefFor) {
      return (
        <button type="button" css={look} aria-label={name} aria-current={current ? 'page' : undefined} onClick={() => onChange(target)}>
          {content}
        </button>
      );
    }
    return (
      <a
        css={look}
        href={hrefFor(target)}
        aria-label={name}
        aria-current={current ? 'page' : undefined}
        onClick={(e) => {
          if (!plainClick(e)) return;
          e.preventDefault();
          onChange(target);
        }}
      >
        {content}
      </a>
    );
  };
  const step = (step: 'previous' | 'next') => {
    const target = step === 'previous' ? page - 1 : page + 1;
    const icon = step === 'previous' ? <NavigateBeforeIcon aria-hidden /> : <NavigateNextIcon aria-hidden />;
    if (target < 1 || target > count) {
      return (
        <button type="button" css={look} aria-label={stepLabel(step)} disabled>
          {icon}
        </button>
      );
    }
    return control(target, stepLabel(step), icon);
  };

  const list = (
    <ul css={styles.list}>
      <li>{step('previous')}</li>
      {pageLinkItems(page, count).map((item) => (
        <li key={item}>
          {typeof item === 'number' ? (
            control(item, pageLabel(item, item === page), item, item === page)
          ) : (
            <span css={styles.gap} aria-hidden>
              …
            </span>
          )}
        </li>
      ))}
      <li>{step('next')}</li>
    </ul>
  );
  return label ? <nav aria-label={label}>{list}</nav> : list;
}
