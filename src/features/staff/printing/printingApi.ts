import { baseApi } from '../../../api/baseApi';
import type { CalendarView, PrintJobStatus, PrintQueueView, PrinterView, OrderPrintStatus } from '../../../domain/madeToOrder';

export interface PrintingSettings {
  printers: PrinterView[];
  calendar: CalendarView;
  materials: readonly string[];
}

/** The staff's print queue, its job moves, and the printers and calendar it is planned with. */
export const printingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPrintQueue: build.query<PrintQueueView, void>({
      query: () => '/api/staff/print-queue',
      transformResponse: (r: { queue: PrintQueueView }) => r.queue,
      providesTags: ['PrintQueue'],
    }),
    moveJob: build.mutation<PrintQueueView, { id: string; status?: PrintJobStatus; printerId?: string | null }>({
      query: ({ id, ...body }) => ({ url: `/api/staff/print-jobs/${encodeURIComponent(id)}`, method: 'POST', body }),
      transformResponse: (r: { queue: PrintQueueView }) => r.queue,
      // The queue comes back with the answer; the order (Processing) and every date may have moved.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(printingApi.util.upsertQueryData('getPrintQueue', undefined, data));
        } catch {
          // The thunk reports the failure.
        }
      },
      invalidatesTags: ['StaffOrder', 'StaffDashboard', 'ShipBy'],
    }),
    getPrintingSettings: build.query<PrintingSettings, void>({
      query: () => '/api/staff/printing-settings',
      transformResponse: (r: PrintingSettings) => ({ printers: r.printers, calendar: r.calendar, materials: r.materials }),
      providesTags: ['PrintingSettings'],
    }),
    savePrinters: build.mutation<PrintingSettings, { _id?: string; name: string; materials: string[]; hoursPerDay: number }[]>({
      query: (printers) => ({ url: '/api/staff/printers', method: 'PUT', body: { printers } }),
      invalidatesTags: ['PrintingSettings', 'PrintQueue', 'ShipBy'],
    }),
    saveCalendar: build.mutation<PrintingSettings, { workingDays: number[]; cutoff: string; holidays: string[] }>({
      query: (calendar) => ({ url: '/api/staff/calendar', method: 'PUT', body: calendar }),
      invalidatesTags: ['PrintingSettings', 'PrintQueue', 'ShipBy'],
    }),
    getOrderPrint: build.query<OrderPrintStatus, string>({
      query: (id) => `/api/staff/orders/${encodeURIComponent(id)}/print`,
      transformResponse: (r: { print: OrderPrintStatus }) => r.print,
      providesTags: ['PrintQueue'],
    }),
  }),
});

export const { useGetPrintQueueQuery, useGetPrintingSettingsQuery, useGetOrderPrintQuery } = printingApi;
