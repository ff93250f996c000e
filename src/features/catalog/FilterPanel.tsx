/** @jsxImportSource @emotion/react */
import { css } from '@emotion/react';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { brand, SM_UP } from '../../components/brand';
import { formatMoney } from '../../domain/money';
import { displayName } from '../../domain/taxonomy';
import { AVAILABILITY_LABELS } from './filters';
import { AVAILABILITY, PRICE_MAX, PRICE_MIN } from '../../domain/storeQuery';
import { MIN_RATING_CHOICE, minRatingLabel } from './ratings';
import type { StoreQuery } from '../../domain/storeQuery';
import type { FilterOptions, ListFilter } from './storeView';
import { swatchBackground } from './swatches';

export interface FilterPanelProps {
  query: StoreQuery;
  colors: readonly string[];
  options: FilterOptions;
  /** `replace` asks for no new history entry (each slider step is not worth a Back press). */
  onChange: (patch: Partial<StoreQuery>, replace?: boolean) => void;
  /** A list filter's checkbox or swatch was pressed. */
  onToggle: (filter: ListFilter, value: string) => void;
  /** Distinguishes the sidebar's ids from the drawer's when both are mounted. */
  idPrefix: string;
}

/**
 * The panel's styles, serialized once when the module loads: a category click
 * re-renders every checkbox and swatch, and at 4× CPU MUI's Checkbox (ButtonBase, ripple, icon)
 * and per-row `sx` objects were most of that click's work. Native checkboxes in the brand colour.
 */
const styles = {
  panel: css({ display: 'grid', gap: 24 }),
  group: css({ border: 0, margin: 0, padding: 0, minWidth: 0 }),
  legend: css({ padding: 0, color: brand.ink, fontSize: '0.78rem', fontWeight: 700, lineHeight: 2, letterSpacing: '0.08em', textTransform: 'uppercase', display: 'block' }),
  list: css({ display: 'flex', flexDirection: 'column' }),
  // 44px rows for fingers on phones (the filter drawer); dense beside the grid on a desktop.
  check: css({
    display: 'flex',
    alignItems: 'center',
    gap: 10,
    minHeight: 44,
    fontSize: '0.95rem',
    cursor: 'pointer',
    [SM_UP]: { minHeight: 32 },
    '& input': { width: 18, height: 18, margin: '0 0 0 2px', flex: 'none', accentColor: brand.coral, cursor: 'pointer' },
    '& input:focus-visible': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 2 },
  }),
  swatches: css({ display: 'flex', flexWrap: 'wrap', gap: 6 }),
  swatch: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    padding: '3px 10px 3px 4px',
    // 44px tall on phones (the filter drawer), compact beside the grid.
    minHeight: 44,
    minWidth: 44,
    [SM_UP]: { minHeight: 0, minWidth: 0 },
    borderRadius: 999,
    border: `1.5px solid ${brand.line}`,
    backgroundColor: '#FFFFFF',
    color: brand.ink,
    font: 'inherit',
    fontSize: '0.85rem',
    fontWeight: 600,
    cursor: 'pointer',
    '&[aria-pressed="true"]': { borderColor: brand.coral, backgroundColor: 'rgba(196, 65, 29, 0.08)', fontWeight: 800 },
    '&:focus-visible': { outline: `3px solid ${brand.coralLight}`, outlineOffset: 1 },
  }),
  dot: css({ width: 18, height: 18, borderRadius: '50%', border: '1px solid rgba(43,34,51,0.2)' }),
};

function Group({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <fieldset css={styles.group} aria-labelledby={id}>
      <legend id={id} css={styles.legend}>
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

interface CheckProps {
  label: string;
  checked: boolean;
  filter: ListFilter;
  value: string;
  onToggle: FilterPanelProps['onToggle'];
}

/** One row of a list filter: a native checkbox and its label (rendered again only when it changes). */
const Check = memo(function Check({ label, checked, filter, value, onToggle }: CheckProps) {
  return (
    <label css={styles.check}>
      <input type="checkbox" checked={checked} onChange={() => onToggle(filter, value)} />
      {label}
    </label>
  );
});

const PRICE_MARKS = [
  { value: 0, label: '$0' },
  { value: 75, label: '$75' },
  { value: 150, label: '$150+' },
];

function priceLabel(v: number): string {
  return v >= PRICE_MAX ? 'Any price' : `Up to ${formatMoney(v)}`;
}

/** Half of MUI's 20px slider thumb. */
const THUMB_RADIUS = 10;

// The rail and the filled track run on under the thumb's inset to the panel's edges; "$0" starts at
// the left edge and "$150+" ends at the right one (centred on the ends, they stuck out of the panel).
const sliderSx = {
  '& .MuiSlider-rail': { left: -THUMB_RADIUS, width: `calc(100% + ${2 * THUMB_RADIUS}px)` },
  '& .MuiSlider-track': { ml: `-${THUMB_RADIUS}px`, pl: `${THUMB_RADIUS}px` },
  '& .MuiSlider-markLabel[data-index="0"]': { transform: `translateX(-${THUMB_RADIUS}px)` },
  '& .MuiSlider-markLabel[data-index="2"]': { transform: `translateX(calc(-100% + ${THUMB_RADIUS}px))` },
} as const;

/** Quiet time after the last slider move before the url (and the results) follow. */
const PRICE_COMMIT_DELAY_MS = 250;

/**
 * The price slider keeps its own value while it moves and reports it once the shopper pauses, so
 * held or repeated arrow keys step smoothly instead of racing the url; any later change of the url
 * (ours arriving, or a clear or Back) replaces the slider's own value.
 */
const PriceSlider = memo(function PriceSlider({ value, onCommit, id }: { value: number; onCommit: (v: number) => void; id: string }) {
  const [st, setSt] = useState<{ seen: number; local: number | null }>({ seen: value, local: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (st.seen !== value) setSt({ seen: value, local: null });
  const shown = st.local ?? value;
  return (
    <Box>
      <Typography id={`${id}-value`} sx={{ fontWeight: 700, mb: 0.5 }} aria-live="polite">
        {priceLabel(shown)}
      </Typography>
      {/* The thumb travels inset by its radius so it is never cut off by the sidebar's scroll box;
          the rail and the end labels reach the panel's edges, in line with the heading above. */}
      <Box sx={{ px: `${THUMB_RADIUS}px` }}>
        <Slider
          sx={sliderSx}
          value={shown}
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={5}
          onChange={(_e, v) => setSt((x) => ({ ...x, local: v as number }))}
          onChangeCommitted={(_e, v) => {
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              if ((v as number) !== value) onCommit(v as number);
              else setSt((x) => ({ ...x, local: null }));
            }, PRICE_COMMIT_DELAY_MS);
          }}
          getAriaValueText={priceLabel}
          aria-label="Maximum price"
          marks={PRICE_MARKS}
        />
      </Box>
    </Box>
  );
});

/**
 * The store's filters (sidebar on desktop, drawer on phones): subcategories of the chosen
 * category (brands for Figures), the Figures line, more options, price and colour.
 */
export const FilterPanel = memo(function FilterPanel({ query, colors, options, onChange, onToggle, idPrefix }: FilterPanelProps) {
  const { subs, subsTitle, genders } = options;
  const commitPrice = useCallback((v: number) => onChange({ maxPrice: v }, true), [onChange]);

  return (
    <div css={styles.panel}>
      {subs.length > 0 && (
        <Group title={subsTitle} id={`${idPrefix}-subs`}>
          <div css={styles.list}>
            {subs.map((s) => (
              <Check key={s} label={displayName(s)} checked={query.subCategories.includes(s)} filter="subCategories" value={s} onToggle={onToggle} />
            ))}
          </div>
        </Group>
      )}

      {genders.length > 0 && (
        <Group title="Figure line" id={`${idPrefix}-line`}>
          <div css={styles.list}>
            {genders.map((g) => (
              <Check key={g} label={g} checked={query.subSubCategories.includes(g)} filter="subSubCategories" value={g} onToggle={onToggle} />
            ))}
          </div>
        </Group>
      )}

      <Group title="More options" id={`${idPrefix}-options`}>
        <div css={styles.list}>
          {AVAILABILITY.map((o) => (
            <Check key={o} label={AVAILABILITY_LABELS[o]} checked={query.availability.includes(o)} filter="availability" value={o} onToggle={onToggle} />
          ))}
        </div>
      </Group>

      <Group title="Rating" id={`${idPrefix}-rating`}>
        <div css={styles.list}>
          <label css={styles.check}>
            <input type="checkbox" checked={query.minRating !== null} onChange={() => onChange({ minRating: query.minRating === null ? MIN_RATING_CHOICE : null })} />
            {minRatingLabel(MIN_RATING_CHOICE)}
          </label>
        </div>
      </Group>

      <Group title="Price" id={`${idPrefix}-price`}>
        <PriceSlider value={query.maxPrice} onCommit={commitPrice} id={`${idPrefix}-price`} />
      </Group>

      {colors.length > 0 && (
        <Group title="Color" id={`${idPrefix}-color`}>
          <div css={styles.swatches}>
            {colors.map((c) => (
              <button key={c} type="button" css={styles.swatch} aria-pressed={query.colors.includes(c)} onClick={() => onToggle('colors', c)}>
                <span aria-hidden css={styles.dot} style={{ background: swatchBackground(c) }} />
                {c}
              </button>
            ))}
          </div>
        </Group>
      )}
    </div>
  );
});
