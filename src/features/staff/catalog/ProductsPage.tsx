import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { formatMoney } from '../../../domain/money';
import { displayName, MAIN_CATEGORIES, TAXONOMY } from '../../../domain/taxonomy';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectProductFilters, staffCatalogActions as A } from './catalogEditorSlice';
import { setProductHidden } from './catalogThunks';
import { DeleteProductDialog } from './DeleteProductDialog';
import { productFlagsOf, productListQuery } from './rules/products';
import { useGetStaffProductsQuery } from './staffCatalogApi';
import { FLAG_LABELS, PRODUCT_FLAGS, type ProductFlag } from './types';

/** /staff/products: every product (hidden ones too), searched and filtered on the server. */
export default function ProductsPage() {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectProductFilters);
  const { data, error, isLoading, isFetching, refetch } = useGetStaffProductsQuery(productListQuery(filters));

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h4">
          Products
        </Typography>
        <Button component={RouterLink} to="/staff/products/new" variant="contained" startIcon={<AddIcon />}>
          New product
        </Button>
      </Stack>

      <Box component="search" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' }, mb: 2 }}>
        <TextField
          label="Search products"
          type="search"
          size="small"
          value={filters.q}
          onChange={(e) => dispatch(A.productFiltersChanged({ q: e.target.value }))}
        />
        <TextField select label="Category" size="small" slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} value={filters.category} onChange={(e) => dispatch(A.productFiltersChanged({ category: e.target.value }))}>
          <MenuItem value="">All categories</MenuItem>
          {MAIN_CATEGORIES.flatMap((main) => [
            <ListSubheader key={`h-${main}`}>{main}</ListSubheader>,
            <MenuItem key={main} value={main}>
              All {main}
            </MenuItem>,
            ...TAXONOMY[main].map((sub) => (
              <MenuItem key={`${main}-${sub}`} value={sub} sx={{ pl: 4 }}>
                {displayName(sub)}
              </MenuItem>
            )),
          ])}
        </TextField>
        <TextField select label="Flag" size="small" slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} value={filters.flag} onChange={(e) => dispatch(A.productFiltersChanged({ flag: e.target.value as ProductFlag | '' }))}>
          <MenuItem value="">Any flag</MenuItem>
          {PRODUCT_FLAGS.map((f) => (
            <MenuItem key={f} value={f}>
              {FLAG_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      ) : isLoading ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading products">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </Stack>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary">No products match.</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
            {data.length} product{data.length === 1 ? '' : 's'}
            {isFetching ? ' · updating…' : ''}
          </Typography>
          <Box component="ul" aria-label="Products" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {data.map((p) => (
              <Paper component="li" key={p._id} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <Box component="img" src={p.image[0]} alt="" sx={{ width: 56, height: 56, borderRadius: 1.5, objectFit: 'cover', flexShrink: 0, bgcolor: 'grey.100' }} />
                <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 72px)', sm: 0 } }}>
                  <Typography component={RouterLink} to={`/staff/products/${p._id}`} sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[p.mainCategory, displayName(p.subCategory), p.subSubCategory].filter(Boolean).join(' › ')} · {formatMoney(p.price)}
                    {p.discount ? ` (−${p.discount}%)` : ''}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {productFlagsOf(p).map((f) => (
                      <Chip key={f} size="small" label={FLAG_LABELS[f]} color={f === 'notAvailableYet' ? 'warning' : 'default'} />
                    ))}
                  </Box>
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0, ml: { xs: 'auto', sm: 0 } }}>
                  <Button size="small" onClick={() => void dispatch(setProductHidden(p._id, !p.notAvailableYet))} aria-label={`${p.notAvailableYet ? 'Show' : 'Hide'} ${p.name}`}>
                    {p.notAvailableYet ? 'Show' : 'Hide'}
                  </Button>
                  <Button size="small" color="error" onClick={() => dispatch(A.deleteRequested({ id: p._id, name: p.name }))} aria-label={`Delete ${p.name}`}>
                    Delete
                  </Button>
                </Stack>
              </Paper>
            ))}
          </Box>
        </>
      )}
      <DeleteProductDialog />
    </Box>
  );
}
