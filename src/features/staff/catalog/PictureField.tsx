import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ChangeEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectUploads, staffCatalogActions as A } from './catalogEditorSlice';
import { uploadPicture } from './catalogThunks';
import { pictureTargetKey, UPLOAD_TYPES, type PictureTarget } from './rules/pictures';

/**
 * Pictures of a product, colour variant, accessory or bundle: previews of the urls the draft holds,
 * a remove button for each, and an upload (JPEG, PNG or WebP up to 10 MB) whose url joins the list.
 */
export function PictureField({ label, target, urls, error, single = false }: { label: string; target: PictureTarget; urls: string[]; error?: string; single?: boolean }) {
  const dispatch = useAppDispatch();
  const upload = useAppSelector(selectUploads)[pictureTargetKey(target)];
  const inputId = useId();
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void dispatch(uploadPicture(target, file));
  };
  const busy = upload?.status === 'uploading';
  return (
    <Box role="group" aria-labelledby={`${inputId}-label`} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={`${inputId}-label`} variant="body2" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      {urls.length > 0 && (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {urls.map((url, i) => (
            <Box component="li" key={`${url}-${i}`} sx={{ position: 'relative', width: 88, height: 88, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'grey.100' }}>
              <Box component="img" src={url} alt={`${label} ${i + 1}`} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
              <IconButton
                size="small"
                aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
                onClick={() => dispatch(A.pictureRemoved({ target, index: i }))}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {!(single && urls.length > 0) && (
        <Box>
          <Button component="label" role={undefined} tabIndex={-1} variant="outlined" size="small" startIcon={<UploadIcon />} loading={busy} aria-busy={busy} sx={{ '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}>
            {busy ? `Uploading ${upload.name}` : single ? 'Upload picture' : 'Add picture'}
            <input
              id={inputId}
              type="file"
              accept={UPLOAD_TYPES.join(',')}
              onChange={onFile}
              disabled={busy}
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            />
          </Button>
        </Box>
      )}
      {upload?.status === 'failed' && (
        <Alert severity="error" sx={{ py: 0 }}>
          {upload.name}: {upload.error}
        </Alert>
      )}
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}
