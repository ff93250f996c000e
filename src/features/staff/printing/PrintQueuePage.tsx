import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import type { PrintJobView, PrintQueueView } from '../../../domain/madeToOrder';
import { formatOrderNumber } from '../../../domain/orderNumber';
import { formatShipDay } from '../../../domain/shipBy';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useGetPrintQueueQuery } from './printingApi';
import { selectPrinting } from './printingSlice';
import { moveJob } from './printingThunks';
import { formatMinutes, jobActions } from './rules';

/** Each status's chip: dark text on a light tint (4.5:1 or better on every one). */
const STATUS_CHIP: Record<PrintJobView['status'], { bgcolor: string; color: string }> = {
  Queued: { bgcolor: '#ECE6EF', color: '#2B2233' },
  Printing: { bgcolor: '#DCEBFA', color: '#0B3F75' },
  Printed: { bgcolor: '#FCEBC7', color: '#6B4200' },
  'Passed QA': { bgcolor: '#D9F2EA', color: '#0B5C46' },
  Failed: { bgcolor: '#FBE0DC', color: '#8A1C0E' },
};

/** Each print day's planned hours against capacity, per printer. */
function DayLoad({ queue }: { queue: PrintQueueView }) {
  if (queue.printers.length === 0) return <Alert severity="warning">No printers yet: add them under Printers &amp; calendar, or every made-to-order product says "Currently unavailable".</Alert>;
  return (
    <Box component="section" aria-labelledby="load-title">
      <Typography id="load-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Planned load
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1.5 }}>
        {queue.days.map((day) => {
          const planned = day.printers.reduce((s, p) => s + p.plannedMinutes, 0);
          const capacity = day.printers.reduce((s, p) => s + p.capacityMinutes, 0);
          const percent = capacity === 0 ? 0 : Math.round((planned / capacity) * 100);
          return (
            <Box key={day.date} sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', p: 1.5, bgcolor: 'background.paper' }}>
              <Typography sx={{ fontWeight: 800 }}>{formatShipDay(day.date)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatMinutes(planned)} of {formatMinutes(capacity)}
              </Typography>
              <LinearProgress variant="determinate" value={Math.min(100, percent)} aria-label={`${formatShipDay(day.date)}: ${percent}% of capacity planned`} sx={{ mt: 1, height: 8, borderRadius: 4 }} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function JobRow({ job, queue }: { job: PrintJobView; queue: PrintQueueView }) {
  const dispatch = useAppDispatch();
  const { busyJob } = useAppSelector(selectPrinting);
  const busy = busyJob !== null;
  const label = `${job.design}${job.color ? `, ${job.color}` : ''}${job.size ? `, size ${job.size}` : ''}`;
  return (
    <TableRow hover>
      <TableCell sx={{ minWidth: 160 }}>
        <Typography sx={{ fontWeight: 700 }}>{job.design}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[job.color, job.size && `Size ${job.size}`].filter(Boolean).join(' · ') || 'One option'}
        </Typography>
      </TableCell>
      <TableCell>
        {job.material}
        <br />
        <Typography component="span" variant="body2" color="text.secondary">
          {formatMinutes(job.printMinutes)}
        </Typography>
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={`/staff/orders/${job.orderId}`}>
          {formatOrderNumber(job.orderNumber)}
        </Link>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {job.shipBy ? formatShipDay(job.shipBy) : '—'}
        {job.atRisk && (
          <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 700 }}>
            At risk: planned {job.plannedShipBy ? formatShipDay(job.plannedShipBy) : 'with no printer'}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" sx={{ ...STATUS_CHIP[job.status], fontWeight: 700 }} label={job.attempts > 0 ? `${job.status} · try ${job.attempts + 1}` : job.status} />
      </TableCell>
      <TableCell sx={{ minWidth: 150 }}>
        <TextField
          select
          size="small"
          fullWidth
          label="Printer"
          value={job.printerId ?? ''}
          disabled={busy || job.status === 'Passed QA'}
          onChange={(e) => void dispatch(moveJob({ id: job._id, printerId: e.target.value || null }, 'Printer assigned.'))}
          slotProps={{ htmlInput: { 'aria-label': `Printer for ${label}` } }}
        >
          <MenuItem value="">Not assigned</MenuItem>
          {queue.printers.map((p) => (
            <MenuItem key={p._id} value={p._id} disabled={!p.materials.includes(job.material)}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {jobActions(job.status).map((a) => (
            <Button
              key={a.to}
              size="small"
              variant={a.to === 'Failed' ? 'outlined' : 'contained'}
              color={a.to === 'Failed' ? 'error' : 'primary'}
              disabled={busy}
              aria-label={`${a.label}: ${label}, order ${formatOrderNumber(job.orderNumber)}`}
              onClick={() => void dispatch(moveJob({ id: job._id, status: a.to }, a.done))}
            >
              {a.label}
            </Button>
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** /staff/print-queue: what to print, in ship-by order, each day's load, and the orders at risk. */
export default function PrintQueuePage() {
  const { data: queue, error, isLoading, refetch } = useGetPrintQueueQuery(undefined, { pollingInterval: 60_000 });
  const { queueMessage } = useAppSelector(selectPrinting);
  return (
    // One column that may shrink below the table's width: the table scrolls inside it on a phone.
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          Print queue
        </Typography>
        <Button component={RouterLink} to="/staff/print-queue/settings" variant="outlined">
          Printers &amp; calendar
        </Button>
      </Box>
      <Box aria-live="polite">{queueMessage && <Alert severity={queueMessage.severity}>{queueMessage.text}</Alert>}</Box>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : isLoading || !queue ? (
        <Skeleton variant="rounded" height={320} aria-label="Loading the print queue" />
      ) : (
        <>
          {queue.atRisk.length > 0 && (
            <Alert severity="warning" role="region" aria-label="Orders at risk">
              <Typography sx={{ fontWeight: 800 }}>
                {queue.atRisk.length === 1 ? '1 order' : `${queue.atRisk.length} orders`} may miss the date promised:
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {queue.atRisk.map((r) => (
                  <li key={r.orderId}>
                    <Link component={RouterLink} to={`/staff/orders/${r.orderId}`}>
                      {formatOrderNumber(r.orderNumber)}
                    </Link>{' '}
                    promised {formatShipDay(r.shipBy)}, planned {r.plannedShipBy ? formatShipDay(r.plannedShipBy) : 'with no printer for its material'}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
          <DayLoad queue={queue} />
          <Box component="section" aria-labelledby="jobs-title">
            <Typography id="jobs-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              Jobs ({queue.jobs.length})
            </Typography>
            {queue.jobs.length === 0 ? (
              <Typography color="text.secondary">Nothing to print: made-to-order units of paid orders appear here.</Typography>
            ) : (
              <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', bgcolor: 'background.paper' }}>
                <Table size="small" aria-labelledby="jobs-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>Design</TableCell>
                      <TableCell>Material</TableCell>
                      <TableCell>Order</TableCell>
                      <TableCell>Ship by</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Printer</TableCell>
                      <TableCell>Move</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {queue.jobs.map((job) => (
                      <JobRow key={job._id} job={job} queue={queue} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
