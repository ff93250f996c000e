/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { brand, brandFonts, SM_UP } from '../../components/brand';
import { displayName } from '../../domain/taxonomy';

/** The tab of the whole store. */
const ALL = 'all';

/** Width of the fade at an edge the row scrolls past. */
const FADE = 40;

/** Which edges of the row have tabs beyond them: 'start', 'end', 'both' or '' (all in view). */
export function hiddenEdges(scrollLeft: number, scrollWidth: number, clientWidth: number): '' | 'start' | 'end' | 'both' {
  const before = scrollLeft > 1;
  const after = scrollLeft + clientWidth < scrollWidth - 1;
  return before && after ? 'both' : before ? 'start' : after ? 'end' : '';
}

/**
 * The tabs' styles, serialized once when the module loads. MUI's Tabs measured every
 * tab (`getBoundingClientRect`) to place its sliding indicator and scroll buttons on each change:
 * a forced layout in every category click. Here the selected tab draws its own underline and the
 * row scrolls sideways on a phone, fading out at an edge with more tabs beyond it.
 */
const styles = {
  list: css({
    display: 'flex',
    overflowX: 'auto',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
    marginBottom: 20,
    borderBottom: `1px solid ${brand.line}`,
    // Where tabs lie beyond an edge (a phone), that edge fades out: the row visibly goes on.
    '&[data-more="end"]': { maskImage: `linear-gradient(to right, #000 calc(100% - ${FADE}px), transparent)` },
    '&[data-more="start"]': { maskImage: `linear-gradient(to left, #000 calc(100% - ${FADE}px), transparent)` },
    '&[data-more="both"]': { maskImage: `linear-gradient(to right, transparent, #000 ${FADE}px, #000 calc(100% - ${FADE}px), transparent)` },
  }),
  tab: css({
    flex: 'none',
    minWidth: 72,
    minHeight: 48,
    padding: '12px 12px 10px',
    [SM_UP]: { padding: '12px 16px 10px' },
    border: 0,
    borderBottom: '3px solid transparent',
    background: 'none',
    color: brand.inkSoft,
    fontFamily: brandFonts.heading,
    fontSize: '1rem',
    fontWeight: 700,
    lineHeight: 1.25,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    transition: 'color 150ms ease, border-color 150ms ease',
    '&:hover': { color: brand.ink },
    '&[aria-selected="true"]': { color: brand.coral, borderBottomColor: brand.coral },
    '&:focus-visible': { outline: `3px solid ${brand.coralLight}`, outlineOffset: -3 },
  }),
};

/**
 * The store's category tabs (WAI-ARIA tabs: the arrow keys, Home and End move between them; Enter
 * or Space picks one). `value` is the category shown, null for the whole store.
 */
export function CategoryTabs({ categories, value, onChange }: { categories: readonly string[]; value: string | null; onChange: (category: string | null) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const selected = value ?? ALL;
  const tabs = [ALL, ...categories];

  // Whether the row is wider than the screen (a phone), noted after each layout: reading it in the
  // effect below would force a layout of the whole page, new grid and all, in every click.
  const overflowing = useRef(false);
  useEffect(() => {
    const row = list.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    // The fade is set on the element itself, not through React: scrolling renders nothing.
    const showEdges = () => {
      const edges = hiddenEdges(row.scrollLeft, row.scrollWidth, row.clientWidth);
      if ((row.dataset.more ?? '') !== edges) row.dataset.more = edges;
    };
    const observer = new ResizeObserver(() => {
      overflowing.current = row.scrollWidth > row.clientWidth;
      showEdges();
    });
    observer.observe(row);
    row.addEventListener('scroll', showEdges, { passive: true });
    return () => {
      observer.disconnect();
      row.removeEventListener('scroll', showEdges);
    };
  }, []);

  // The picked tab scrolls into view where some are cut off.
  useEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !tab || !overflowing.current) return;
    if (tab.offsetLeft < row.scrollLeft || tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollTo({ left: tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2 });
    }
  }, [selected]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label="Categories" css={styles.list} onKeyDown={onKeyDown}>
      {tabs.map((c) => (
        <button
          key={c}
          type="button"
          role="tab"
          aria-selected={c === selected}
          // One stop for the Tab key: the picked tab; the arrows reach the others.
          tabIndex={c === selected ? 0 : -1}
          css={styles.tab}
          onClick={() => onChange(c === ALL ? null : c)}
        >
          {c === ALL ? 'All' : displayName(c)}
        </button>
      ))}
    </div>
  );
}
