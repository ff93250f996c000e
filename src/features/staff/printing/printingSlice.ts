import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { CalendarView, PrinterView } from '../../../domain/madeToOrder';
import { loggedOut } from '../../../store/events';
import { injectLazySlice } from '../../../store/lazySliceInjection';
import type { RootState } from '../../../store/types';

/** A printer as the settings form holds it: hours as typed. */
export interface PrinterDraft {
  _id?: string;
  name: string;
  materials: string[];
  hours: string;
}

export interface CalendarDraft {
  workingDays: number[];
  cutoff: string;
  /** One date per line, as typed. */
  holidays: string;
}

type Note = { text: string; severity: 'success' | 'error' } | null;

/** The print queue's moves in flight and the printers and calendar forms (drafts the QA replay shows). */
export interface PrintingState {
  busyJob: string | null;
  queueMessage: Note;
  printers: PrinterDraft[] | null;
  calendar: CalendarDraft | null;
  saving: 'printers' | 'calendar' | null;
  printersMessage: Note;
  calendarMessage: Note;
}

const initialState: PrintingState = { busyJob: null, queueMessage: null, printers: null, calendar: null, saving: null, printersMessage: null, calendarMessage: null };

export const jobMoveStarted = createAction<string>('printing/jobMoveStarted');
export const jobMoveDone = createAction<{ text: string; severity: 'success' | 'error' }>('printing/jobMoveDone');
export const printingSettingsLoaded = createAction<{ printers: PrinterView[]; calendar: CalendarView }>('printing/settingsLoaded');
export const printerEdited = createAction<{ index: number; patch: Partial<PrinterDraft> }>('printing/printerEdited');
export const printerAdded = createAction('printing/printerAdded');
export const printerRemoved = createAction<number>('printing/printerRemoved');
export const calendarEdited = createAction<Partial<CalendarDraft>>('printing/calendarEdited');
export const settingsSaveStarted = createAction<'printers' | 'calendar'>('printing/settingsSaveStarted');
export const settingsSaveDone = createAction<{ form: 'printers' | 'calendar'; text: string; severity: 'success' | 'error'; saved?: { printers: PrinterView[]; calendar: CalendarView } }>('printing/settingsSaveDone');

const printerDraft = (p: PrinterView): PrinterDraft => ({ _id: p._id, name: p.name, materials: [...p.materials], hours: String(p.hoursPerDay) });
const calendarDraft = (c: CalendarView): CalendarDraft => ({ workingDays: [...c.workingDays], cutoff: c.cutoff, holidays: c.holidays.join('\n') });

export const printingSlice = createSlice({
  name: 'printing',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(jobMoveStarted, (state, { payload }) => {
        state.busyJob = payload;
        state.queueMessage = null;
      })
      .addCase(jobMoveDone, (state, { payload }) => {
        state.busyJob = null;
        state.queueMessage = payload;
      })
      .addCase(printingSettingsLoaded, (state, { payload }) => {
        state.printers ??= payload.printers.map(printerDraft);
        state.calendar ??= calendarDraft(payload.calendar);
      })
      .addCase(printerEdited, (state, { payload }) => {
        const p = state.printers?.[payload.index];
        if (p) Object.assign(p, payload.patch);
        state.printersMessage = null;
      })
      .addCase(printerAdded, (state) => {
        if (state.printers && state.printers.length < 50) state.printers.push({ name: '', materials: ['PLA'], hours: '8' });
      })
      .addCase(printerRemoved, (state, { payload }) => {
        state.printers?.splice(payload, 1);
        state.printersMessage = null;
      })
      .addCase(calendarEdited, (state, { payload }) => {
        if (state.calendar) Object.assign(state.calendar, payload);
        state.calendarMessage = null;
      })
      .addCase(settingsSaveStarted, (state, { payload }) => {
        state.saving = payload;
      })
      .addCase(settingsSaveDone, (state, { payload }) => {
        state.saving = null;
        state[payload.form === 'printers' ? 'printersMessage' : 'calendarMessage'] = { text: payload.text, severity: payload.severity };
        if (payload.saved && payload.form === 'printers') state.printers = payload.saved.printers.map(printerDraft);
        if (payload.saved && payload.form === 'calendar') state.calendar = calendarDraft(payload.saved.calendar);
      })
      .addCase(loggedOut, () => initialState);
  },
});

declare module '../../../store/types' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging of the lazy slices
  interface LazyLoadedSlices extends WithSlice<typeof printingSlice> {}
}

/** The slice in the store from the moment this module loads (the print queue's chunk). */
injectLazySlice(printingSlice);
export const selectPrinting = (state: RootState): PrintingState => state.printing ?? printingSlice.getInitialState();
