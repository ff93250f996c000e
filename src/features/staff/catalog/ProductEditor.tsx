import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { displayName, FIGURE_GENDERS, MAIN_CATEGORIES } from '../../../domain/taxonomy';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AuditLog } from './AuditLog';
import { selectProductEditor, selectProductUnsaved, staffCatalogActions as A } from './catalogEditorSlice';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { saveProduct, setProductHidden } from './catalogThunks';
import { DeleteProductDialog } from './DeleteProductDialog';
import { draftFields, EditorForm, EditorHeader, editorPlaceholder, FieldRow, Section } from './EditorParts';
import { PictureField } from './PictureField';
import { fieldError, toLocalInput } from './rules/fields';
import { subCategoriesOf } from './rules/products';
import { draftOutOfStock } from './rules/stock';
import { StockSection } from './StockSection';
import { useGetStaffProductQuery } from './staffCatalogApi';
import { ACCESSORY_FLAGS, FLAG_LABELS, PRODUCT_FLAGS } from './types';

/** /staff/products/new and /staff/products/:id: every field of SPEC §3, its pictures and its change history. */
export default function ProductEditor() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectProductEditor);
  const { data, error, isLoading, refetch } = useGetStaffProductQuery(id ?? '', { skip: isNew });

  useEffect(() => {
    if (isNew) dispatch(A.newProductOpened());
    else if (data && editor.loadedFrom !== data.product._id) dispatch(A.productLoaded(data.product, data.stock));
    // Only a different record (or a new one) replaces the draft: a refetch keeps what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, isNew, data?.product._id]);

  const placeholder = editorPlaceholder({ id: isNew ? undefined : id, loadedFrom: editor.loadedFrom, error, isLoading, refetch }, { back: '/staff/products', backLabel: 'Products', noun: 'Product' });
  if (placeholder) return placeholder;

  const { draft, errors, formError, saving } = editor;
  const err = (key: string) => fieldError(errors, key);
  const field = draftFields<'name' | 'description' | 'price' | 'discount' | 'clothingSizes' | 'canvasSizes'>(draft, errors, (name, value) => dispatch(A.productFieldChanged({ field: name, value })));
  const subs = subCategoriesOf(draft.mainCategory);
  const outOfStock = draftOutOfStock(draft);

  return (
    <Box>
      <UnsavedChangesGuard select={selectProductUnsaved} what="this product" />
      <EditorHeader back="/staff/products" backLabel="Products" title={isNew ? 'New product' : draft.name || 'Product'} />
      {!isNew && (
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
          <Link component={RouterLink} to={`/product/${id}`} variant="body2">
            View in the shop
          </Link>
          <Box sx={{ flex: 1 }} />
          <Button size="small" variant="outlined" onClick={() => void dispatch(setProductHidden(id, !draft.flags.notAvailableYet))}>
            {draft.flags.notAvailableYet ? 'Show in the shop' : 'Hide from the shop'}
          </Button>
          <Button size="small" variant="outlined" color="error" onClick={() => dispatch(A.deleteRequested({ id, name: draft.name }))}>
            Delete
          </Button>
        </Stack>
      )}
      {draft.flags.notAvailableYet && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Hidden: shoppers do not see this product.
        </Alert>
      )}
      <EditorForm label={isNew ? 'New product' : 'Edit product'} submitLabel={isNew ? 'Create product' : 'Save changes'} saving={saving} formError={formError} onSave={() => void dispatch(saveProduct())}>
        <Section title="Details" id="product-details">
          <TextField label="Name" required {...field('name')} slotProps={{ htmlInput: { maxLength: 160 } }} />
          <TextField label="Description" multiline minRows={3} {...field('description')} />
          <FieldRow>
            <TextField label="Price ($)" required inputMode="decimal" {...field('price')} />
            <TextField label="Discount (%)" inputMode="numeric" {...field('discount')} />
          </FieldRow>
          <FieldRow columns={3}>
            <TextField
              select
              label="Category"
              value={draft.mainCategory}
              error={Boolean(err('mainCategory'))}
              helperText={err('mainCategory')}
              onChange={(e) => {
                const main = e.target.value;
                const first = subCategoriesOf(main)[0] ?? '';
                dispatch(A.productCategoryChanged({ mainCategory: main, subCategory: first, subSubCategory: main === 'Figures' ? draft.subSubCategory || FIGURE_GENDERS[0] : '' }));
              }}
            >
              {MAIN_CATEGORIES.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Subcategory"
              value={subs.includes(draft.subCategory) ? draft.subCategory : ''}
              error={Boolean(err('subCategory'))}
              helperText={err('subCategory')}
              onChange={(e) => dispatch(A.productCategoryChanged({ mainCategory: draft.mainCategory, subCategory: e.target.value, subSubCategory: draft.subSubCategory }))}
            >
              {subs.map((s) => (
                <MenuItem key={s} value={s}>
                  {displayName(s)}
                </MenuItem>
              ))}
            </TextField>
            {draft.mainCategory === 'Figures' && (
              <TextField
                select
                label="Figure type"
                value={draft.subSubCategory}
                error={Boolean(err('subSubCategory'))}
                helperText={err('subSubCategory')}
                onChange={(e) => dispatch(A.productFieldChanged({ field: 'subSubCategory', value: e.target.value }))}
              >
                {FIGURE_GENDERS.map((g) => (
                  <MenuItem key={g} value={g}>
                    {g}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </FieldRow>
          <TextField
            label="Date added"
            type="datetime-local"
            value={draft.date === null ? '' : toLocalInput(new Date(draft.date).toISOString())}
            error={Boolean(err('date'))}
            helperText={err('date') ?? (isNew ? 'Empty: now. The shop sorts “newest” by it.' : 'The shop sorts “newest” by it.')}
            onChange={(e) => dispatch(A.productDateChanged(e.target.value))}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: { sm: 320 } }}
          />
        </Section>

        <Section title="Flags" id="product-flags">
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
            {PRODUCT_FLAGS.map((f) =>
              f === 'outOfStock' ? (
                // Follows the numbers in Stock below, as the shop shows it: read-only here.
                <FormControlLabel key={f} disabled control={<Checkbox checked={outOfStock.product} />} label={`${FLAG_LABELS[f]} (from Stock)`} />
              ) : (
                <FormControlLabel
                  key={f}
                  control={<Checkbox checked={draft.flags[f]} onChange={(e) => dispatch(A.productFlagChanged({ flag: f, value: e.target.checked }))} />}
                  label={FLAG_LABELS[f]}
                />
              ),
            )}
          </FormGroup>
        </Section>

        <Section title="Pictures" id="product-pictures">
          <Typography variant="body2" color="text.secondary">
            The first picture is the one shoppers see first. Without any, the shop shows a generated one.
          </Typography>
          <PictureField label="Product picture" target={{ kind: 'product' }} urls={draft.image} error={err('image')} />
        </Section>

        <Section title="Colour variants" id="product-colours">
          {draft.colorVariants.length === 0 && <Typography color="text.secondary">No colour variants.</Typography>}
          {draft.colorVariants.map((v, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} role="group" aria-label={`Colour variant ${i + 1}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="Colour"
                  size="small"
                  value={v.color}
                  error={Boolean(err(`colorVariants[${i}]`))}
                  helperText={err(`colorVariants[${i}]`)}
                  onChange={(e) => dispatch(A.colorVariantChanged({ index: i, color: e.target.value }))}
                  sx={{ flex: 1 }}
                />
                <Button color="error" onClick={() => dispatch(A.colorVariantRemoved(i))} aria-label={`Remove colour variant ${i + 1}`}>
                  Remove
                </Button>
              </Stack>
              <PictureField label={`Picture of ${v.color || `colour ${i + 1}`}`} target={{ kind: 'variant', index: i }} urls={v.image ? [v.image] : []} single />
            </Paper>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => dispatch(A.colorVariantAdded())}>
              Add colour
            </Button>
          </Box>
        </Section>

        <Section title="Sizes" id="product-sizes">
          <FieldRow>
            <TextField label="Clothing sizes" placeholder="S, M, L, XL" {...field('clothingSizes')} helperText={err('clothingSizes') ?? 'Comma separated, e.g. S, M, L'} />
            <TextField label="Canvas sizes" placeholder="8x10, 12x16" {...field('canvasSizes')} helperText={err('canvasSizes') ?? 'Comma separated, width x height, e.g. 12x16'} />
          </FieldRow>
        </Section>

        <Section title="Accessories" id="product-accessories">
          {draft.accessories.length === 0 && <Typography color="text.secondary">No accessories.</Typography>}
          {draft.accessories.map((a, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} role="group" aria-label={`Accessory ${i + 1}`}>
              <FieldRow>
                <TextField
                  label="Accessory name"
                  size="small"
                  value={a.name}
                  error={Boolean(err(`accessories[${i}].name`))}
                  helperText={err(`accessories[${i}].name`)}
                  onChange={(e) => dispatch(A.accessoryChanged({ index: i, field: 'name', value: e.target.value }))}
                />
                <TextField
                  label="Accessory price ($)"
                  size="small"
                  inputMode="decimal"
                  value={a.price}
                  error={Boolean(err(`accessories[${i}].price`))}
                  helperText={err(`accessories[${i}].price`)}
                  onChange={(e) => dispatch(A.accessoryChanged({ index: i, field: 'price', value: e.target.value }))}
                />
              </FieldRow>
              <TextField
                label="Accessory description"
                size="small"
                multiline
                value={a.description}
                error={Boolean(err(`accessories[${i}].description`))}
                helperText={err(`accessories[${i}].description`)}
                onChange={(e) => dispatch(A.accessoryChanged({ index: i, field: 'description', value: e.target.value }))}
              />
              <FormGroup row aria-label={`Flags of accessory ${i + 1}`}>
                {ACCESSORY_FLAGS.map((f) =>
                  f === 'outOfStock' ? (
                    <FormControlLabel key={f} disabled control={<Checkbox size="small" checked={outOfStock.accessories[i] ?? false} />} label={`${FLAG_LABELS[f]} (from Stock)`} />
                  ) : (
                    <FormControlLabel
                      key={f}
                      control={<Checkbox size="small" checked={a.flags[f]} onChange={(e) => dispatch(A.accessoryFlagChanged({ index: i, flag: f, value: e.target.checked }))} />}
                      label={FLAG_LABELS[f]}
                    />
                  ),
                )}
              </FormGroup>
              <PictureField label={`Picture of ${a.name || `accessory ${i + 1}`}`} target={{ kind: 'accessory', index: i }} urls={a.images} />
              <Box>
                <Button color="error" onClick={() => dispatch(A.accessoryRemoved(i))}>
                  Remove accessory {i + 1}
                </Button>
              </Box>
            </Paper>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => dispatch(A.accessoryAdded())}>
              Add accessory
            </Button>
          </Box>
        </Section>

        <StockSection draft={draft} errors={errors} />
      </EditorForm>
      {!isNew && <AuditLog entity="product" id={id} />}
      <DeleteProductDialog />
    </Box>
  );
}
