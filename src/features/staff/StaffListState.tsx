import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../components/visuallyHidden';

/** What a staff list's query says, as RTK Query's hook answers it, with the list's words. */
export interface StaffListStateProps {
  query: { isLoading: boolean; isFetching: boolean; isError: boolean; refetch: () => unknown };
  /** The error's message for people (errorMessage(error) || a fallback). */
  errorText: string;
  /** "Loading orders…", and "214 orders found" once answered (null before). */
  loadingText: string;
  foundText: string | null;
  /** Nothing to list: the text that says so (null while there is something). */
  emptyText: string | null;
  /** Placeholders while the first page loads: how many, how tall. */
  skeletons?: { count: number; height: number };
  /** The list itself, shown once there is something to list. */
  children: ReactNode;
}

/**
 * Around a staff list (board, customers, abandoned checkouts): the count a screen reader hears,
 * the error with "Try again", placeholders while loading, the empty text, else the list.
 */
export function StaffListState({ query, errorText, loadingText, foundText, emptyText, skeletons = { count: 5, height: 48 }, children }: StaffListStateProps) {
  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>Try again</Button>}>
        {errorText}
      </Alert>
    );
  } else if (query.isLoading) {
    body = (
      <Box aria-hidden>
        {Array.from({ length: skeletons.count }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={skeletons.height} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  } else if (emptyText !== null) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4 }}>
        {emptyText}
      </Typography>
    );
  } else body = children;
  return (
    <>
      <Box role="status" sx={visuallyHidden}>
        {query.isFetching ? loadingText : (foundText ?? '')}
      </Box>
      {body}
    </>
  );
}
