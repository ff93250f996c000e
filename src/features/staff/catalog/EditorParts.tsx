import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { fieldError, type FieldErrors } from './rules/fields';

/** A titled block of an editor form. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The editor's heading with a way back to its list. */
export function EditorHeader({ back, backLabel, title }: { back: string; backLabel: string; title: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Link component={RouterLink} to={back} variant="body2">
        ← {backLabel}
      </Link>
      <Typography component="h1" variant="h4" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
    </Box>
  );
}

/** The form's own message (ours, or the server's sentence) above the save button. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}

/** Two or three inputs side by side on wider screens, stacked on a phone. */
export function FieldRow({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` } }}>{children}</Box>;
}

/** An editor's record and its draft, as the frame reads them. */
export interface EditorLoad {
  /** The record's id; a new record's editor has none. */
  id: string | undefined;
  /** Which record the draft holds (its id, 'new', or null before any). */
  loadedFrom: string | null;
  error: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

/**
 * What an editor shows instead of its form: the load error with a retry, or a skeleton until the
 * draft is the record's (or a new one's), so nothing typed before is replaced. Null once the form
 * may show.
 */
export function editorPlaceholder(load: EditorLoad, labels: { back: string; backLabel: string; noun: string }): ReactNode {
  const { id, loadedFrom, error, isLoading, refetch } = load;
  if (id && error) {
    return (
      <Box>
        <EditorHeader back={labels.back} backLabel={labels.backLabel} title={labels.noun} />
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      </Box>
    );
  }
  if (id ? isLoading || loadedFrom !== id : loadedFrom !== 'new') {
    return (
      <Box aria-busy="true" aria-label={`Loading ${labels.noun.toLowerCase()}`}>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  return null;
}

/**
 * The props that bind a TextField to one text field of a draft: its value, the server's or the
 * rules' message for it, and the edit as an event.
 */
export function draftFields<F extends string>(draft: Record<F, string>, errors: FieldErrors, changed: (field: F, value: string) => void) {
  return (name: F) => {
    const message = fieldError(errors, name);
    return { name, value: draft[name], error: Boolean(message), helperText: message, onChange: (e: { target: { value: string } }) => changed(name, e.target.value) };
  };
}

/** An editor's form: its sections, then the form's own message and a save button that stays in reach. */
export function EditorForm({ label, submitLabel, saving, formError, onSave, children }: { label: string; submitLabel: string; saving: boolean; formError: string | null; onSave: () => void; children: ReactNode }) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };
  return (
    <Box component="form" method="post" noValidate onSubmit={onSubmit} aria-label={label} sx={{ display: 'grid', gap: 2 }}>
      {children}
      <FormError message={formError} />
      <Box sx={{ position: 'sticky', bottom: 0, py: 1.5, bgcolor: 'background.default', zIndex: 1 }}>
        <Button type="submit" variant="contained" size="large" loading={saving} aria-busy={saving}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
