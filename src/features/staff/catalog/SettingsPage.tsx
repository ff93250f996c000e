import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, type FormEvent } from 'react';
import { errorMessage } from '../../../api/errors';
import { displayName } from '../../../domain/taxonomy';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AuditLog } from './AuditLog';
import { selectSettingsEditor, selectSettingsUnsaved, staffCatalogActions as A } from './catalogEditorSlice';
import { UnsavedChangesGuard } from '../UnsavedChangesGuard';
import { saveSettings } from './catalogThunks';
import { FormError, Section } from './EditorParts';
import { fieldError } from './rules/fields';
import { CATEGORY_CHOICES } from './rules/settings';
import { useGetStaffSettingsQuery } from './staffCatalogApi';
import { PRODUCT_TAGS } from './types';
import { ReviewSettingsPanel } from '../moderation/ReviewSettingsPanel';

/** /staff/settings: categories and tags hidden from the shop, and the support button on My Orders. */
export default function SettingsPage() {
  const dispatch = useAppDispatch();
  const editor = useAppSelector(selectSettingsEditor);
  const { data, error, isLoading, refetch } = useGetStaffSettingsQuery();

  useEffect(() => {
    if (data && editor.loadedFrom === null) dispatch(A.settingsLoaded(data));
  }, [data, editor.loadedFrom, dispatch]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void dispatch(saveSettings());
  };
  const { draft, errors, formError, saving } = editor;
  const err = (key: string) => fieldError(errors, key);

  return (
    <Box>
      <UnsavedChangesGuard select={selectSettingsUnsaved} what="the settings" />
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Settings
      </Typography>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : isLoading || !draft ? (
        <Skeleton variant="rounded" height={240} aria-label="Loading settings" />
      ) : (
        <Box component="form" method="post" noValidate onSubmit={onSubmit} aria-label="Shop settings" sx={{ display: 'grid', gap: 2 }}>
          <Section title="What shoppers see" id="settings-visibility">
            <Autocomplete
              multiple
              options={CATEGORY_CHOICES}
              value={draft.hiddenCategories}
              getOptionLabel={(c) => displayName(c)}
              onChange={(_e, value) => dispatch(A.settingsChanged({ hiddenCategories: value }))}
              renderInput={(params) => (
                <TextField {...params} label="Hidden categories" error={Boolean(err('hiddenCategories'))} helperText={err('hiddenCategories') ?? 'Products in these categories are not shown in the shop.'} />
              )}
            />
            <Autocomplete
              multiple
              options={[...PRODUCT_TAGS]}
              value={draft.hiddenProductTags}
              onChange={(_e, value) => dispatch(A.settingsChanged({ hiddenProductTags: value }))}
              renderInput={(params) => (
                <TextField {...params} label="Hidden product tags" error={Boolean(err('hiddenProductTags'))} helperText={err('hiddenProductTags') ?? 'Products carrying one of these tags are not shown.'} />
              )}
            />
            <FormControlLabel
              control={<Switch checked={draft.showSupportInOrders} onChange={(e) => dispatch(A.settingsChanged({ showSupportInOrders: e.target.checked }))} />}
              label="Show the support chat button on My Orders"
            />
          </Section>
          <FormError message={formError} />
          <Box>
            <Button type="submit" variant="contained" loading={saving} aria-busy={saving}>
              Save settings
            </Button>
          </Box>
        </Box>
      )}
      <ReviewSettingsPanel />
      <AuditLog entity="settings" id="shop" />
    </Box>
  );
}
