import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Previous / "Page 2 of 9 (214 orders)" / Next under a staff list; `onPage` is handed the page to show. */
export function StaffPager({ label, page, pages, count, onPage }: { label: string; page: number; pages: number; count: string; onPage: (page: number) => void }) {
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 2 }}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Page {Math.min(page, pages)} of {pages}
        <Box component="span" sx={{ display: { xs: 'block', sm: 'inline' } }}>
          {' '}
          ({count})
        </Box>
      </Typography>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Box>
  );
}
