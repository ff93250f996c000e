import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatMoney } from '../../domain/money';
import { displayName } from '../../domain/taxonomy';
import { AVAILABILITY, AVAILABILITY_LABELS, PRICE_MAX, PRICE_MIN } from './rules';
import type { StoreQuery } from './storeQuery';
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

function Group({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography id={id} component="legend" variant="overline" sx={{ color: 'text.primary', fontSize: '0.78rem', lineHeight: 2, display: 'block' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

// Dense rows beside the grid on a desktop; 44px rows for fingers on phones (the filter drawer).
const checkSx = { mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.95rem' }, '& .MuiCheckbox-root': { py: { xs: 1.5, sm: 0.5 } } } as const;

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
function PriceSlider({ value, onCommit, id }: { value: number; onCommit: (v: number) => void; id: string }) {
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
          marks={[
            { value: 0, label: '$0' },
            { value: 75, label: '$75' },
            { value: 150, label: '$150+' },
          ]}
        />
      </Box>
    </Box>
  );
}

/**
 * The store's filters (sidebar on desktop, drawer on phones): subcategories of the chosen
 * category (brands for Figures), the Figures line, more options, price and colour.
 */
export function FilterPanel({ query, colors, options, onChange, onToggle, idPrefix }: FilterPanelProps) {
  const { subs, subsTitle, genders } = options;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {subs.length > 0 && (
        <Group title={subsTitle} id={`${idPrefix}-subs`}>
          <FormGroup>
            {subs.map((s) => (
              <FormControlLabel
                key={s}
                sx={checkSx}
                control={<Checkbox size="small" checked={query.subCategories.includes(s)} onChange={() => onToggle('subCategories', s)} />}
                label={displayName(s)}
              />
            ))}
          </FormGroup>
        </Group>
      )}

      {genders.length > 0 && (
        <Group title="Figure line" id={`${idPrefix}-line`}>
          <FormGroup>
            {genders.map((g) => (
              <FormControlLabel
                key={g}
                sx={checkSx}
                control={<Checkbox size="small" checked={query.subSubCategories.includes(g)} onChange={() => onToggle('subSubCategories', g)} />}
                label={g}
              />
            ))}
          </FormGroup>
        </Group>
      )}

      <Group title="More options" id={`${idPrefix}-options`}>
        <FormGroup>
          {AVAILABILITY.map((o) => (
            <FormControlLabel
              key={o}
              sx={checkSx}
              control={<Checkbox size="small" checked={query.availability.includes(o)} onChange={() => onToggle('availability', o)} />}
              label={AVAILABILITY_LABELS[o]}
            />
          ))}
        </FormGroup>
      </Group>

      <Group title="Price" id={`${idPrefix}-price`}>
        <PriceSlider value={query.maxPrice} onCommit={(v) => onChange({ maxPrice: v }, true)} id={`${idPrefix}-price`} />
      </Group>

      {colors.length > 0 && (
        <Group title="Color" id={`${idPrefix}-color`}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {colors.map((c) => {
              const on = query.colors.includes(c);
              return (
                <Box
                  key={c}
                  component="button"
                  type="button"
                  aria-pressed={on}
                  onClick={() => onToggle('colors', c)}
                  sx={{
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: 0.75,
                    pl: 0.5,
                    pr: 1.25,
                    py: 0.4,
                    // 44px tall on phones (the filter drawer), compact beside the grid.
                    minHeight: { xs: 44, sm: 0 },
                    minWidth: { xs: 44, sm: 0 },
                    borderRadius: 999,
                    border: '1.5px solid',
                    borderColor: on ? 'primary.main' : 'divider',
                    bgcolor: on ? 'rgba(196, 65, 29, 0.08)' : 'background.paper',
                    color: 'text.primary',
                    font: 'inherit',
                    fontSize: '0.85rem',
                    fontWeight: on ? 800 : 600,
                    cursor: 'pointer',
                    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 1 },
                  }}
                >
                  <Box component="span" aria-hidden sx={{ width: 18, height: 18, borderRadius: '50%', background: swatchBackground(c), border: '1px solid rgba(43,34,51,0.2)' }} />
                  {c}
                </Box>
              );
            })}
          </Box>
        </Group>
      )}
    </Box>
  );
}
