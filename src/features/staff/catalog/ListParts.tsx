import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';

/** A list page's heading and its one "new" action: a link to the editor, or a button that opens a form in place. */
export function ListHeader({ title, newLabel, newTo, onNew }: { title: string; newLabel: string; newTo?: string; onNew?: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      {newTo ? (
        <Button component={RouterLink} to={newTo} variant="contained" startIcon={<AddIcon />}>
          {newLabel}
        </Button>
      ) : (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNew}>
          {newLabel}
        </Button>
      )}
    </Stack>
  );
}

/** A list query's answer, as the frame reads it. */
export interface ListResult<T> {
  data?: readonly T[];
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

/**
 * The list's body in each state: the load error with a retry, skeleton rows while loading, the
 * empty text, else the rows (`children`), in a list named `label`.
 */
export function ListBody<T>({ result, label, empty, skeletons = 2, rowHeight = 72, children }: { result: ListResult<T>; label: string; empty: string; skeletons?: number; rowHeight?: number; children: (items: readonly T[]) => ReactNode }) {
  const { data, error, isLoading, refetch } = result;
  if (error) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
        {errorMessage(error)}
      </Alert>
    );
  }
  if (isLoading) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
        {Array.from({ length: skeletons }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={rowHeight} />
        ))}
      </Stack>
    );
  }
  if (!data || data.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return children(data);
}

/** The rows of a list. */
export function ListRows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {children}
    </Box>
  );
}

/** One catalog record in a list: its picture, its name linking to its editor, what to know about it, and its actions. */
export function RecordRow({ image, title, to, children, actions }: { image: string | undefined; title: string; to: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <Box component="img" src={image} alt="" sx={{ width: 56, height: 56, borderRadius: 1.5, objectFit: 'cover', flexShrink: 0, bgcolor: 'grey.100' }} />
      <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 72px)', sm: 0 } }}>
        <Typography component={RouterLink} to={to} sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {children}
      </Box>
      {actions}
    </Paper>
  );
}
