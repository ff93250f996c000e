import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { useAppSelector } from '../../store/hooks';
import { selectIsAuthenticated } from '../session';
import { useNotifyBackInStockMutation } from './catalogApi';

/**
 * A chosen option that cannot be bought: it says so, and a signed-in shopper can ask to be
 * e-mailed once when it is back (a guest is offered the sign-in page).
 */
export function BackInStock({ productId, variant, message }: { productId: string; variant: string; message: string }) {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [notify, state] = useNotifyBackInStockMutation({ fixedCacheKey: `back-in-stock:${productId}:${variant}` });
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="option-sold-out">
      <Typography id="option-availability" sx={{ fontWeight: 800, color: 'error.main' }}>
        {message}
      </Typography>
      {state.isSuccess ? (
        <Alert severity="success" role="status">
          {state.data}
        </Alert>
      ) : signedIn ? (
        <Box>
          <Button variant="outlined" startIcon={<NotificationsActive />} disabled={state.isLoading} onClick={() => void notify({ productId, variant })}>
            Tell me when it&apos;s back
          </Button>
        </Box>
      ) : (
        <Typography color="text.secondary">
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>{' '}
          and we will e-mail you once when it&apos;s back.
        </Typography>
      )}
      {state.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(state.error)}
        </Alert>
      )}
    </Box>
  );
}
