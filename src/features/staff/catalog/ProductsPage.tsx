import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../domain/money';
import { displayName, MAIN_CATEGORIES, TAXONOMY } from '../../../domain/taxonomy';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectProductFilters, staffCatalogActions as A } from './catalogEditorSlice';
import { setProductHidden } from './catalogThunks';
import { DeleteProductDialog } from './DeleteProductDialog';
import { ListBody, ListHeader, ListRows, RecordRow } from './ListParts';
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
      <ListHeader title="Products" newLabel="New product" newTo="/staff/products/new" />

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

      <ListBody result={{ data, error, isLoading, refetch }} label="Products" empty="No products match." skeletons={3}>
        {(products) => (
          <>
            <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
              {products.length} product{products.length === 1 ? '' : 's'}
              {isFetching ? ' · updating…' : ''}
            </Typography>
            <ListRows label="Products">
              {products.map((p) => (
                <RecordRow
                  key={p._id}
                  image={p.image[0]}
                  title={p.name}
                  to={`/staff/products/${p._id}`}
                  actions={
                    <Stack direction="row" spacing={1} sx={{ flexShrink: 0, ml: { xs: 'auto', sm: 0 } }}>
                      <Button size="small" onClick={() => void dispatch(setProductHidden(p._id, !p.notAvailableYet))} aria-label={`${p.notAvailableYet ? 'Show' : 'Hide'} ${p.name}`}>
                        {p.notAvailableYet ? 'Show' : 'Hide'}
                      </Button>
                      <Button size="small" color="error" onClick={() => dispatch(A.deleteRequested({ id: p._id, name: p.name }))} aria-label={`Delete ${p.name}`}>
                        Delete
                      </Button>
                    </Stack>
                  }
                >
                  <Typography variant="body2" color="text.secondary">
                    {[p.mainCategory, displayName(p.subCategory), p.subSubCategory].filter(Boolean).join(' › ')} · {formatMoney(p.price)}
                    {p.discount ? ` (−${p.discount}%)` : ''}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                    {productFlagsOf(p).map((f) => (
                      <Chip key={f} size="small" label={FLAG_LABELS[f]} color={f === 'notAvailableYet' ? 'warning' : 'default'} />
                    ))}
                  </Box>
                </RecordRow>
              ))}
            </ListRows>
          </>
        )}
      </ListBody>
      <DeleteProductDialog />
    </Box>
  );
}
