import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../components/formatDate';
import { formatMoney } from '../../../domain/money';
import { useAppDispatch, useNow } from '../../../store/hooks';
import { cancelBundle } from './catalogThunks';
import { ListBody, ListHeader, ListRows, RecordRow } from './ListParts';
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
      <ListHeader title="Bundles" newLabel="New bundle" newTo="/staff/bundles/new" />
      <ListBody result={{ data, error, isLoading, refetch }} label="Bundles" empty="No bundles yet.">
        {(bundles) => (
          <ListRows label="Bundles">
            {bundles.map((b) => {
              const state = bundleState(b, now);
              return (
                <RecordRow
                  key={b._id}
                  image={b.images[0]}
                  title={b.title}
                  to={`/staff/bundles/${b._id}`}
                  actions={
                    (state === 'active' || state === 'upcoming') && (
                      <Button size="small" color="error" sx={{ ml: { xs: 'auto', sm: 0 } }} onClick={() => void dispatch(cancelBundle(b._id))} aria-label={`Cancel bundle ${b.title}`}>
                        Cancel bundle
                      </Button>
                    )
                  }
                >
                  <Typography variant="body2" color="text.secondary">
                    {formatMoney(b.price)} · {b.products.length} product{b.products.length === 1 ? '' : 's'} · {formatDate(b.startDate)} – {formatDate(b.endDate)}
                  </Typography>
                  <Chip size="small" sx={{ mt: 0.5 }} label={STATE_LABEL[state]} color={STATE_COLOR[state]} />
                </RecordRow>
              );
            })}
          </ListRows>
        )}
      </ListBody>
    </Box>
  );
}
