import type { ApiError } from '../../../api/errors';
import type { PrintJobStatus } from '../../../domain/madeToOrder';
import type { AppDispatch, RootState } from '../../../store/types';
import { printingApi } from './printingApi';
import { jobMoveDone, jobMoveStarted, selectPrinting, settingsSaveDone, settingsSaveStarted } from './printingSlice';
import { parseHolidays, parseHours } from './rules';

type Thunk = (dispatch: AppDispatch, getState: () => RootState) => Promise<void>;
const messageOf = (err: unknown) => (err as ApiError | undefined)?.message || 'That did not work. Please try again.';

/** Moves a job (or assigns its printer), one at a time, and says how it went. */
export function moveJob(change: { id: string; status?: PrintJobStatus; printerId?: string | null }, done: string): Thunk {
  return async (dispatch, getState) => {
    if (selectPrinting(getState()).busyJob) return;
    dispatch(jobMoveStarted(change.id));
    try {
      await dispatch(printingApi.endpoints.moveJob.initiate(change)).unwrap();
      dispatch(jobMoveDone({ text: done, severity: 'success' }));
    } catch (err) {
      dispatch(jobMoveDone({ text: messageOf(err), severity: 'error' }));
    }
  };
}

export function savePrinters(): Thunk {
  return async (dispatch, getState) => {
    const { printers, saving } = selectPrinting(getState());
    if (!printers || saving) return;
    const list = [];
    for (const [i, p] of printers.entries()) {
      const hours = parseHours(p.hours);
      if (hours === null) {
        dispatch(settingsSaveDone({ form: 'printers', text: `Printer ${i + 1}: hours per day must be a number between 0 and 24.`, severity: 'error' }));
        return;
      }
      list.push({ ...(p._id ? { _id: p._id } : {}), name: p.name, materials: p.materials, hoursPerDay: hours });
    }
    dispatch(settingsSaveStarted('printers'));
    try {
      const saved = await dispatch(printingApi.endpoints.savePrinters.initiate(list)).unwrap();
      dispatch(settingsSaveDone({ form: 'printers', text: 'Printers saved. Ship-by dates now follow them.', severity: 'success', saved }));
    } catch (err) {
      dispatch(settingsSaveDone({ form: 'printers', text: messageOf(err), severity: 'error' }));
    }
  };
}

export function saveCalendar(): Thunk {
  return async (dispatch, getState) => {
    const { calendar, saving } = selectPrinting(getState());
    if (!calendar || saving) return;
    dispatch(settingsSaveStarted('calendar'));
    try {
      const saved = await dispatch(printingApi.endpoints.saveCalendar.initiate({ workingDays: calendar.workingDays, cutoff: calendar.cutoff, holidays: parseHolidays(calendar.holidays) })).unwrap();
      dispatch(settingsSaveDone({ form: 'calendar', text: 'Calendar saved. Ship-by dates now follow it.', severity: 'success', saved }));
    } catch (err) {
      dispatch(settingsSaveDone({ form: 'calendar', text: messageOf(err), severity: 'error' }));
    }
  };
}
