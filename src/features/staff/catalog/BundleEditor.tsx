import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AuditLog } from './AuditLog';
import { BundleOptions } from './BundleOptions';
import { selectBundleEditor, selectBundleProductSearch, selectBundleUnsaved, staffCatalogActions as A } from './catalogEditorSlice';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { cancelBundle, saveBundle } from './catalogThunks';
import { draftFields, EditorForm, EditorHeader, editorPlaceholder, FieldRow, Section } from './EditorParts';
import { PictureField } from './PictureField';
import { fieldError } from './rules/fields';
import { pickableProducts } from './rules/picker';
import { useGetStaffBundleQuery, useGetStaffProductsQuery } from './staffCatalogApi';

/** /staff/bundles/new and /staff/bundles/:id: title, description, price, pictures, dates, products, cancel. */
export default function BundleEditor() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectBundleEditor);
  const search = useAppSelector(selectBundleProductSearch);
  const { data, error, isLoading, refetch } = useGetStaffBundleQuery(id ?? '', { skip: isNew });
  const products = useGetStaffProductsQuery({});

  useEffect(() => {
    if (isNew) dispatch(A.newBundleOpened());
    else if (data && editor.loadedFrom !== data.bundle._id) dispatch(A.bundleLoaded(data.bundle));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, isNew, data?.bundle._id]);

  const picker = useMemo(() => pickableProducts(products.data ?? [], editor.draft.products, search), [products.data, editor.draft.products, search]);
  const placeholder = editorPlaceholder({ id: isNew ? undefined : id, loadedFrom: editor.loadedFrom, error, isLoading, refetch }, { back: '/staff/bundles', backLabel: 'Bundles', noun: 'Bundle' });
  if (placeholder) return placeholder;

  const { draft, errors, formError, saving } = editor;
  const err = (key: string) => fieldError(errors, key);
  const field = draftFields<'title' | 'description' | 'price' | 'startDate' | 'endDate'>(draft, errors, (name, value) => dispatch(A.bundleFieldChanged({ field: name, value })));

  return (
    <Box>
      <UnsavedChangesGuard select={selectBundleUnsaved} what="this bundle" />
      <EditorHeader back="/staff/bundles" backLabel="Bundles" title={isNew ? 'New bundle' : draft.title || 'Bundle'} />
      {!isNew && draft.cancelled && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Cancelled: shoppers no longer see or buy this bundle. Untick “Cancelled” and save to offer it again.
        </Alert>
      )}
      {!isNew && !draft.cancelled && (
        <Box sx={{ mb: 2 }}>
          <Button variant="outlined" color="error" size="small" onClick={() => void dispatch(cancelBundle(id))}>
            Cancel bundle
          </Button>
        </Box>
      )}
      <EditorForm label={isNew ? 'New bundle' : 'Edit bundle'} submitLabel={isNew ? 'Create bundle' : 'Save changes'} saving={saving} formError={formError} onSave={() => void dispatch(saveBundle())}>
        <Section title="Details" id="bundle-details">
          <TextField label="Title" required {...field('title')} />
          <TextField label="Description" multiline minRows={3} {...field('description')} />
          <TextField label="Price ($)" required inputMode="decimal" {...field('price')} sx={{ maxWidth: { sm: 240 } }} />
          <FieldRow>
            <TextField label="Start" type="datetime-local" required {...field('startDate')} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField label="End" type="datetime-local" required {...field('endDate')} slotProps={{ inputLabel: { shrink: true } }} />
          </FieldRow>
          <FormControlLabel
            control={<Checkbox checked={draft.cancelled} onChange={(e) => dispatch(A.bundleCancelledChanged(e.target.checked))} />}
            label="Cancelled (shoppers do not see or buy it)"
          />
        </Section>
        <Section title="Pictures" id="bundle-pictures">
          <PictureField label="Bundle picture" target={{ kind: 'bundle' }} urls={draft.images} error={err('images')} />
        </Section>
        <Section title="Products" id="bundle-products">
          <Typography variant="body2" color={err('products') ? 'error' : 'text.secondary'} role={err('products') ? 'alert' : undefined}>
            {err('products') ?? `${draft.products.length} selected`}
          </Typography>
          {picker.selected.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Selected products" role="list">
              {picker.selected.map((p) => (
                <Chip role="listitem" key={p.id} label={p.name} onDelete={() => dispatch(A.bundleProductToggled(p.id))} />
              ))}
            </Stack>
          )}
          <BundleOptions productIds={draft.products} catalog={products.data ?? []} chosen={draft.productOptions} errors={errors} />
          <TextField label="Find products" type="search" size="small" value={search} onChange={(e) => dispatch(A.bundleProductSearchChanged(e.target.value))} />
          {products.isLoading ? (
            <Skeleton variant="rounded" height={120} />
          ) : (
            <Box role="group" aria-label="Catalog products" sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5 }}>
              {picker.options.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 1 }}>
                  No products match.
                </Typography>
              ) : (
                picker.options.map((p) => (
                  <FormControlLabel
                    key={p._id}
                    sx={{ display: 'flex' }}
                    control={<Checkbox checked={draft.products.includes(p._id)} onChange={() => dispatch(A.bundleProductToggled(p._id))} />}
                    label={p.name}
                  />
                ))
              )}
            </Box>
          )}
        </Section>
      </EditorForm>
      {!isNew && <AuditLog entity="bundle" id={id} />}
    </Box>
  );
}
