import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** The full-screen 'Loading...' of SPEC §2: replaces everything while the global flag is set. */
export function FullScreenSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (t) => t.zIndex.modal + 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress size={56} thickness={4} aria-hidden />
      <Typography variant="h6" component="p" color="text.primary">
        {label}
      </Typography>
    </Box>
  );
}
