import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { formatDate } from '../../../components/formatDate';
import { useAppDispatch, useAppSelector, useNow } from '../../../store/hooks';
import { AuditLog } from './AuditLog';
import { selectDiscountEditor, selectDiscountUnsaved, staffCatalogActions as A } from './catalogEditorSlice';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { saveDiscount, setDiscountActive } from './catalogThunks';
import { FieldRow, FormError } from './EditorParts';
import { ListBody, ListHeader, ListRows } from './ListParts';
import { discountState } from './rules/discounts';
import { fieldError } from './rules/fields';
import { useGetStaffDiscountsQuery } from './staffCatalogApi';

const STATE_LABEL = { active: 'Active', disabled: 'Disabled', expired: 'Expired' } as const;
const STATE_COLOR = { active: 'success', disabled: 'default', expired: 'warning' } as const;

function DiscountForm() {
  const dispatch = useAppDispatch();
  const { draft, errors, formError, saving, loadedFrom } = useAppSelector(selectDiscountEditor);
  const isNew = loadedFrom === 'new';
  const err = (key: string) => fieldError(errors, key);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void dispatch(saveDiscount());
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <UnsavedChangesGuard select={selectDiscountUnsaved} what="this discount code" />
      <Box component="form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="discount-form-title" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="discount-form-title" component="h2" variant="h6">
          {isNew ? 'New discount code' : `Edit ${loadedFrom}`}
        </Typography>
        <FieldRow columns={3}>
          <TextField
            label="Code"
            required
            value={draft.code}
            disabled={!isNew}
            error={Boolean(err('code'))}
            helperText={err('code') ?? (isNew ? '3–32 letters, digits or dashes' : 'A code cannot be renamed')}
            onChange={(e) => dispatch(A.discountFieldChanged({ field: 'code', value: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: 32, autoCapitalize: 'characters' } }}
          />
          <TextField
            label="Percentage (%)"
            required
            inputMode="numeric"
            value={draft.percentage}
            error={Boolean(err('percentage'))}
            helperText={err('percentage')}
            onChange={(e) => dispatch(A.discountFieldChanged({ field: 'percentage', value: e.target.value }))}
          />
          <TextField
            label="Expires"
            type="datetime-local"
            value={draft.expiresAt}
            error={Boolean(err('expiresAt'))}
            helperText={err('expiresAt') ?? 'Leave empty: never expires'}
            onChange={(e) => dispatch(A.discountFieldChanged({ field: 'expiresAt', value: e.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </FieldRow>
        <FormControlLabel control={<Switch checked={draft.active} onChange={(e) => dispatch(A.discountActiveChanged(e.target.checked))} />} label="Enabled" />
        <FormError message={formError} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={saving} aria-busy={saving}>
            {isNew ? 'Create code' : 'Save changes'}
          </Button>
          <Button onClick={() => dispatch(A.discountEditorClosed())} disabled={saving}>
            Close
          </Button>
        </Stack>
      </Box>
      {!isNew && loadedFrom && <AuditLog entity="discount" id={loadedFrom} />}
    </Paper>
  );
}

/** /staff/discounts: codes with their percentage, expiry, state and times used; create, edit, enable/disable. */
export default function DiscountsPage() {
  const dispatch = useAppDispatch();
  const now = useNow();
  const editor = useAppSelector(selectDiscountEditor);
  const { data, error, isLoading, refetch } = useGetStaffDiscountsQuery();
  return (
    <Box>
      <ListHeader title="Discount codes" newLabel="New code" onNew={() => dispatch(A.newDiscountOpened())} />
      {editor.loadedFrom && <DiscountForm />}
      <ListBody result={{ data, error, isLoading, refetch }} label="Discount codes" empty="No discount codes yet." rowHeight={64}>
        {(codes) => (
          <ListRows label="Discount codes">
            {codes.map((d) => {
              const state = discountState(d, now);
              return (
                <Paper component="li" key={d.code} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Box sx={{ flex: 1, minWidth: 180 }}>
                    <Typography sx={{ fontWeight: 700, fontFamily: 'monospace', fontSize: '1.05rem' }}>{d.code}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {d.percentage}% off · {d.expiresAt ? `expires ${formatDate(d.expiresAt)}` : 'never expires'} · used {d.timesUsed} time{d.timesUsed === 1 ? '' : 's'}
                    </Typography>
                  </Box>
                  <Chip size="small" label={STATE_LABEL[state]} color={STATE_COLOR[state]} />
                  <Switch checked={d.active} onChange={(e) => void dispatch(setDiscountActive(d.code, e.target.checked))} slotProps={{ input: { 'aria-label': `${d.code} enabled` } }} />
                  <Button size="small" onClick={() => dispatch(A.discountLoaded(d))} aria-label={`Edit ${d.code}`}>
                    Edit
                  </Button>
                </Paper>
              );
            })}
          </ListRows>
        )}
      </ListBody>
    </Box>
  );
}
