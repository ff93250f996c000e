import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BULK_MAX } from '../../../domain/fulfilment';
import { formatOrderNumber } from '../../../domain/orderNumber';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { boardOrderToggled, boardPageToggled, boardSelectionCleared, bulkResultDismissed, selectBoardSelection, selectBulkBusy, selectBulkResult } from './fulfilmentSlice';
import { exportSelection, moveSelectionToProcessing } from './fulfilmentThunks';
import { pageChoice, slipsPath } from './rules';

const label = (o: { _id: string; orderNumber: number | null }) => (o.orderNumber ? formatOrderNumber(o.orderNumber) : `ref ${o._id.slice(-8)}`);

/** The board's header checkbox: chooses (or unchooses) every order of the page. */
export function PageCheckbox({ pageIds }: { pageIds: string[] }) {
  const dispatch = useAppDispatch();
  const choice = pageChoice(useAppSelector(selectBoardSelection), pageIds);
  return (
    <Checkbox
      size="small"
      checked={choice === 'all'}
      indeterminate={choice === 'some'}
      disabled={pageIds.length === 0}
      onChange={() => dispatch(boardPageToggled({ ids: pageIds, choose: choice !== 'all' }))}
      slotProps={{ input: { 'aria-label': 'Choose every order on this page' } }}
    />
  );
}

/** One row's checkbox. */
export function RowCheckbox({ id, name }: { id: string; name: string }) {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectBoardSelection);
  const checked = selected.includes(id);
  return (
    <Checkbox
      size="small"
      checked={checked}
      disabled={!checked && selected.length >= BULK_MAX}
      onChange={() => dispatch(boardOrderToggled(id))}
      slotProps={{ input: { 'aria-label': `Choose ${name}` } }}
    />
  );
}

/**
 * What staff can do with the chosen orders (up to BULK_MAX): move them to Processing, print their
 * slips, export them; and what the last move did, the orders it left listed with why.
 */
export function BulkActions() {
  const dispatch = useAppDispatch();
  const selected = useAppSelector(selectBoardSelection);
  const busy = useAppSelector(selectBulkBusy);
  const result = useAppSelector(selectBulkResult);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {selected.length > 0 ? (
        <Box role="region" aria-label="Chosen orders" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 3, px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700, mr: 1 }} data-testid="bulk-count">
            {selected.length} chosen{selected.length >= BULK_MAX ? ` (the most at once)` : ''}
          </Typography>
          <Button variant="contained" size="small" loading={busy} onClick={() => void dispatch(moveSelectionToProcessing())}>
            Move to Processing
          </Button>
          <Button variant="outlined" size="small" component={RouterLink} to={slipsPath(selected)}>
            Print slips
          </Button>
          <Button variant="outlined" size="small" onClick={() => void dispatch(exportSelection())}>
            Export chosen
          </Button>
          <Button variant="text" size="small" onClick={() => dispatch(boardSelectionCleared())}>
            Clear choice
          </Button>
        </Box>
      ) : null}
      {result ? (
        <Alert severity={result.skipped.length ? 'warning' : 'success'} onClose={() => dispatch(bulkResultDismissed())} data-testid="bulk-result">
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {result.moved.length === 0 ? 'No order was moved.' : `Moved to Processing: ${result.moved.map(label).join(', ')}.`}
          </Typography>
          {result.skipped.length > 0 ? (
            <>
              <Typography variant="body2">{result.skipped.length === 1 ? 'One order was left as it was:' : `${result.skipped.length} orders were left as they were:`}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {result.skipped.map((s) => (
                  <li key={s._id}>
                    <Typography variant="body2">
                      <Box component={RouterLink} to={`/staff/orders/${s._id}`} sx={{ fontWeight: 700, color: 'inherit' }}>
                        {label(s)}
                      </Box>
                      : {s.reason}
                    </Typography>
                  </li>
                ))}
              </Box>
            </>
          ) : null}
        </Alert>
      ) : null}
    </Box>
  );
}
