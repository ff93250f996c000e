import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { productVariant } from '../../../domain/cartKey';
import { bundleOption } from '../../../domain/stock';
import type { Product } from '../../../domain/types';
import { useAppDispatch } from '../../../store/hooks';
import { staffCatalogActions as A } from './catalogEditorSlice';
import { bundleOptionChoices, splitOption } from './rules/bundles';
import { fieldError, type FieldErrors } from './rules/fields';

/**
 * The bundle editor's choice of the option it holds of each product: a colour and a size among
 * those the product offers (a product with neither has nothing to choose).
 */
export function BundleOptions({ productIds, catalog, chosen, errors }: { productIds: readonly string[]; catalog: readonly Product[]; chosen: Record<string, string>; errors: FieldErrors }) {
  const dispatch = useAppDispatch();
  const byId = new Map(catalog.map((p) => [p._id, p]));
  const rows = productIds.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const { colors, sizes } = bundleOptionChoices(p);
    return colors.length || sizes.length ? [{ p, colors, sizes, ...splitOption(bundleOption(chosen, id, p)) }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Colour and size in this bundle
      </Typography>
      {rows.map(({ p, colors, sizes, color, size }) => {
        const problem = fieldError(errors, `productOptions.${p._id}`);
        const set = (c: string, s: string) => dispatch(A.bundleProductOptionChanged({ productId: p._id, option: productVariant(c, s) }));
        return (
          <Box key={p._id} role="group" aria-label={`Option of ${p.name}`} sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: '1fr 160px 160px' } }}>
            <Typography sx={{ alignSelf: 'center', overflowWrap: 'anywhere' }}>{p.name}</Typography>
            {colors.length > 0 && (
              <TextField select size="small" label="Colour" value={colors.includes(color) ? color : ''} error={Boolean(problem)} helperText={problem} onChange={(e) => set(e.target.value, size)}>
                {colors.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {sizes.length > 0 && (
              <TextField select size="small" label="Size" value={sizes.includes(size) ? size : ''} error={Boolean(problem) && colors.length === 0} helperText={colors.length === 0 ? problem : undefined} onChange={(e) => set(color, e.target.value)}>
                {sizes.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
