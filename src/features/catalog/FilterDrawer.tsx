import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The store's filters on phones: a drawer from the left with the filter panel, Clear and
 * "Show N results". A chunk of its own (with MUI's modal machinery), loaded on first open.
 */
export default function FilterDrawer({
  open,
  onClose,
  onClear,
  canClear,
  total,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onClear: () => void;
  canClear: boolean;
  total: number;
  /** The filter panel. */
  children: ReactNode;
}) {
  return (
    <Drawer
      id="filters-drawer"
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 320, maxWidth: '88vw', bgcolor: 'background.default' }, 'aria-labelledby': 'drawer-filters-title' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="drawer-filters-title" component="h2" variant="h6">
          Filters
        </Typography>
        <IconButton aria-label="Close filters" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2.5, overflowY: 'auto', flexGrow: 1 }}>{children}</Box>
      <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1 }}>
        <Button onClick={onClear} disabled={!canClear} sx={{ flex: 1 }}>
          Clear
        </Button>
        <Button variant="contained" onClick={onClose} sx={{ flex: 2 }}>
          Show {total} result{total === 1 ? '' : 's'}
        </Button>
      </Box>
    </Drawer>
  );
}
