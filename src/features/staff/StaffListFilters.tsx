import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A staff list's search bar (the order board, the customer list): a search landmark named
 * `label` whose fields are its children, laid out on `columns`; Enter or its submit button hands
 * the typed filters to `onApply` (the page stays: nothing is posted).
 */
export function StaffListFilters({ label, onApply, columns, children }: { label: string; onApply: () => void; columns: Record<string, string>; children: ReactNode }) {
  return (
    <Box
      component="form"
      method="post"
      role="search"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: columns, alignItems: 'start', mb: 2 }}
    >
      {children}
    </Box>
  );
}
