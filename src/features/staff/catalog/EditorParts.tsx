import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

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
