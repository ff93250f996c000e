import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

/** A failed load, told in the server's (or the network's) own words (SPEC §8), with a retry. */
export function ErrorNotice({ title, message, onRetry }: { title: string; message: string; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      sx={{ borderRadius: 4, bgcolor: 'background.paper', alignItems: 'center' }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        ) : undefined
      }
    >
      <AlertTitle sx={{ fontFamily: 'inherit', fontWeight: 700 }}>{title}</AlertTitle>
      {message}
    </Alert>
  );
}
