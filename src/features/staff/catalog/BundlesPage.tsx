import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { formatDate } from '../../../components/formatDate';
import { formatMoney } from '../../../domain/money';
import { useAppDispatch, useNow } from '../../../store/hooks';
import { cancelBundle } from './catalogThunks';
import { bundleState } from './rules/bundles';
import { useGetStaffBundlesQuery } from './staffCatalogApi';

const STATE_LABEL = { cancelled: 'Cancelled', upcoming: 'Upcoming', active: 'On sale', ended: 'Ended' } as const;
const STATE_COLOR = { cancelled: 'default', upcoming: 'default', active: 'success', ended: 'default' } as const;

/** /staff/bundles: every bundle (cancelled and ended ones too). */
export default function BundlesPage() {
  const dispatch = useAppDispatch();
  const now = useNow();
  const { data, error, isLoading, refetch } = useGetStaffBundlesQuery();
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography component="h1" variant="h4">
          Bundles
        </Typography>
        <Button component={RouterLink} to="/staff/bundles/new" variant="contained" startIcon={<AddIcon />}>
          New bundle
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : isLoading ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading bundles">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </Stack>
      ) : !data || data.length === 0 ? (
        <Typography color="text.secondary">No bundles yet.</Typography>
      ) : (
        <Box component="ul" aria-label="Bundles" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {data.map((b) => {
            const state = bundleState(b, now);
            return (
              <Paper component="li" key={b._id} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                <Box component="img" src={b.images[0]} alt="" sx={{ width: 56, height: 56, borderRadius: 1.5, objectFit: 'cover', flexShrink: 0, bgcolor: 'grey.100' }} />
                <Box sx={{ flex: 1, minWidth: { xs: 'calc(100% - 72px)', sm: 0 } }}>
                  <Typography component={RouterLink} to={`/staff/bundles/${b._id}`} sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}>
                    {b.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatMoney(b.price)} · {b.products.length} product{b.products.length === 1 ? '' : 's'} · {formatDate(b.startDate)} – {formatDate(b.endDate)}
                  </Typography>
                  <Chip size="small" sx={{ mt: 0.5 }} label={STATE_LABEL[state]} color={STATE_COLOR[state]} />
                </Box>
                {(state === 'active' || state === 'upcoming') && (
                  <Button size="small" color="error" sx={{ ml: { xs: 'auto', sm: 0 } }} onClick={() => void dispatch(cancelBundle(b._id))} aria-label={`Cancel bundle ${b.title}`}>
                    Cancel bundle
                  </Button>
                )}
              </Paper>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
