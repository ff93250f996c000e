import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useGetPrintingSettingsQuery } from './printingApi';
import { calendarEdited, printerAdded, printerEdited, printerRemoved, printingSettingsLoaded, selectPrinting } from './printingSlice';
import { saveCalendar, savePrinters } from './printingThunks';
import { capacityWarnings } from './rules';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const card = { border: 1, borderColor: 'divider', borderRadius: '18px', p: { xs: 2, md: 3 }, bgcolor: 'background.paper', display: 'grid', gap: 2 } as const;

/** /staff/print-queue/settings: the printers (materials, hours per day) and the shop's calendar. */
export default function PrintingSettingsPage() {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetPrintingSettingsQuery();
  const { printers, calendar, saving, printersMessage, calendarMessage } = useAppSelector(selectPrinting);

  useEffect(() => {
    if (data) dispatch(printingSettingsLoaded({ printers: data.printers, calendar: data.calendar }));
  }, [data, dispatch]);

  const materials = data?.materials ?? [];
  const warnings = printers ? capacityWarnings(printers, materials) : [];
  const onPrinters = (e: FormEvent) => {
    e.preventDefault();
    void dispatch(savePrinters());
  };
  const onCalendar = (e: FormEvent) => {
    e.preventDefault();
    void dispatch(saveCalendar());
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 900 }}>
      <Box>
        <Link component={RouterLink} to="/staff/print-queue">
          ← Print queue
        </Link>
        <Typography component="h1" variant="h4" sx={{ mt: 1 }}>
          Printers &amp; calendar
        </Typography>
        <Typography color="text.secondary">Every ship-by date the shop states is planned from these: change them and the dates follow at once.</Typography>
      </Box>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : isLoading || !printers || !calendar ? (
        <Skeleton variant="rounded" height={320} aria-label="Loading the printing settings" />
      ) : (
        <>
          <Box component="form" method="post" noValidate onSubmit={onPrinters} aria-labelledby="printers-title" sx={card}>
            <Typography id="printers-title" variant="h6" component="h2">
              Printers
            </Typography>
            {printers.map((p, i) => (
              <Box key={p._id ?? `new-${i}`} role="group" aria-label={`Printer ${i + 1}`} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, alignItems: 'start', pb: 2, borderBottom: 1, borderColor: 'divider' }}>
                <TextField label="Name" value={p.name} onChange={(e) => dispatch(printerEdited({ index: i, patch: { name: e.target.value } }))} slotProps={{ htmlInput: { maxLength: 60 } }} />
                <TextField label="Hours per day" value={p.hours} inputMode="decimal" onChange={(e) => dispatch(printerEdited({ index: i, patch: { hours: e.target.value } }))} helperText="0 to 24 (0: off for now)" />
                <Button color="error" onClick={() => dispatch(printerRemoved(i))} sx={{ alignSelf: 'center' }} aria-label={`Remove printer ${p.name || i + 1}`}>
                  Remove
                </Button>
                <FormGroup row aria-label={`Materials of printer ${p.name || i + 1}`} sx={{ gridColumn: '1 / -1' }}>
                  {materials.map((m) => (
                    <FormControlLabel
                      key={m}
                      label={m}
                      control={
                        <Checkbox
                          checked={p.materials.includes(m)}
                          onChange={(e) => dispatch(printerEdited({ index: i, patch: { materials: e.target.checked ? [...p.materials, m] : p.materials.filter((x) => x !== m) } }))}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </Box>
            ))}
            {warnings.map((w) => (
              <Alert key={w} severity="warning">
                {w}
              </Alert>
            ))}
            <Box aria-live="polite">{printersMessage && <Alert severity={printersMessage.severity}>{printersMessage.text}</Alert>}</Box>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button variant="outlined" onClick={() => dispatch(printerAdded())}>
                Add a printer
              </Button>
              <Button type="submit" variant="contained" disabled={saving !== null}>
                {saving === 'printers' ? 'Saving…' : 'Save printers'}
              </Button>
            </Box>
          </Box>

          <Box component="form" method="post" noValidate onSubmit={onCalendar} aria-labelledby="calendar-title" sx={card}>
            <Typography id="calendar-title" variant="h6" component="h2">
              Calendar ({data?.calendar.timeZone})
            </Typography>
            <FormGroup row role="group" aria-label="Working days">
              {DAYS.map((d, i) => (
                <FormControlLabel
                  key={d}
                  label={d}
                  control={
                    <Checkbox
                      checked={calendar.workingDays.includes(i)}
                      onChange={(e) => dispatch(calendarEdited({ workingDays: e.target.checked ? [...calendar.workingDays, i].sort() : calendar.workingDays.filter((x) => x !== i) }))}
                    />
                  }
                />
              ))}
            </FormGroup>
            <TextField
              label="Daily cut-off"
              value={calendar.cutoff}
              onChange={(e) => dispatch(calendarEdited({ cutoff: e.target.value }))}
              helperText="Paid before this time (24-hour, such as 14:00) on a working day, a shelf item ships that day"
              slotProps={{ htmlInput: { maxLength: 5 } }}
              sx={{ maxWidth: 360 }}
            />
            <TextField
              label="Holidays"
              value={calendar.holidays}
              onChange={(e) => dispatch(calendarEdited({ holidays: e.target.value }))}
              helperText="One date a line, such as 2026-12-25"
              multiline
              minRows={3}
              sx={{ maxWidth: 360 }}
            />
            <Box aria-live="polite">{calendarMessage && <Alert severity={calendarMessage.severity}>{calendarMessage.text}</Alert>}</Box>
            <Box>
              <Button type="submit" variant="contained" disabled={saving !== null}>
                {saving === 'calendar' ? 'Saving…' : 'Save calendar'}
              </Button>
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
