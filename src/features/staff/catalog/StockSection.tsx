import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../../store/hooks';
import { staffCatalogActions as A } from './catalogEditorSlice';
import { Section } from './EditorParts';
import { fieldError, type FieldErrors } from './rules/fields';
import type { ProductDraft } from './rules/products';
import { optionLabel, stockField, stockRows } from './rules/stock';

/**
 * The product editor's stock: every option the draft offers (colour × size, then accessories) with
 * its units on the shelf, whether it is made to order, and then its print time and material.
 */
export function StockSection({ draft, errors }: { draft: ProductDraft; errors: FieldErrors }) {
  const dispatch = useAppDispatch();
  const rows = stockRows(draft);
  return (
    <Section title="Stock" id="product-stock">
      <Typography variant="body2" color="text.secondary">
        Made to order: sold beyond what is on the shelf and printed per order (print time per unit, in minutes; material such as PLA, PETG or TPU). Otherwise the option is sold only while units are on the shelf. A product is out of stock when none of its options can be bought.
      </Typography>
      {rows.map((r) => {
        const label = optionLabel(r.option, draft.accessories);
        const err = (f: Parameters<typeof stockField>[1]) => fieldError(errors, stockField(r.option, f));
        const optionProblem = err('option') ?? err('madeToOrder');
        return (
          <Paper key={r.option} variant="outlined" role="group" aria-label={`Stock of ${label}`} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2 }}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {label}
              </Typography>
              {r.reserved > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {r.reserved} held by open payments
                </Typography>
              )}
            </Box>
            {optionProblem && (
              <Typography variant="body2" color="error" role="alert">
                {optionProblem}
              </Typography>
            )}
            <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: '140px auto 160px 1fr' } }}>
              <TextField
                label="On hand"
                size="small"
                inputMode="numeric"
                value={r.onHand}
                error={Boolean(err('onHand'))}
                helperText={err('onHand')}
                onChange={(e) => dispatch(A.optionStockChanged({ option: r.option, field: 'onHand', value: e.target.value }))}
              />
              <FormControlLabel
                sx={{ m: 0, minHeight: 40 }}
                control={<Switch checked={r.madeToOrder} onChange={(e) => dispatch(A.optionStockChanged({ option: r.option, field: 'madeToOrder', value: e.target.checked }))} />}
                label="Made to order"
              />
              {r.madeToOrder ? (
                <>
                  <TextField
                    label="Print time (minutes)"
                    size="small"
                    inputMode="numeric"
                    value={r.printMinutes}
                    error={Boolean(err('printMinutes'))}
                    helperText={err('printMinutes')}
                    onChange={(e) => dispatch(A.optionStockChanged({ option: r.option, field: 'printMinutes', value: e.target.value }))}
                  />
                  <TextField
                    label="Material"
                    size="small"
                    value={r.material}
                    error={Boolean(err('material'))}
                    helperText={err('material')}
                    onChange={(e) => dispatch(A.optionStockChanged({ option: r.option, field: 'material', value: e.target.value }))}
                    slotProps={{ htmlInput: { maxLength: 40 } }}
                  />
                </>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', gridColumn: 'span 2' }}>
                  Stocked only: sold while units are on the shelf.
                </Typography>
              )}
            </Box>
          </Paper>
        );
      })}
    </Section>
  );
}
