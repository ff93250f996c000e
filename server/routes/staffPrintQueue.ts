import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MATERIALS, PRINT_JOB_STATUSES, type CalendarView, type OrderPrintStatus, type PrintQueueView, type PrinterView } from '../../src/domain/madeToOrder';
import { HttpError } from '../lib/errors';
import { parseFields } from '../lib/fieldErrors';
import { parseOr400 } from '../lib/validate';
import { currentUser } from '../plugins/users';

export interface PrintQueueResponse {
  success: true;
  queue: PrintQueueView;
}
export interface PrintingSettingsResponse {
  success: true;
  printers: PrinterView[];
  calendar: CalendarView;
  materials: readonly string[];
}

const hexId = z.string().max(64, { message: 'is not a known id', abort: true }).regex(/^[0-9a-f]{24}$/, 'is not a known id');

const moveBody = z
  .object({
    status: z.enum(PRINT_JOB_STATUSES, { message: `must be one of ${PRINT_JOB_STATUSES.join(', ')}` }).optional(),
    printerId: hexId.nullable().optional(),
  })
  .strict();

const printersBody = z.object({
  printers: z
    .array(
      z.object({
        _id: hexId.optional(),
        name: z.string().trim().min(1, 'Give the printer a name.').max(60, 'A printer name is at most 60 characters.'),
        materials: z.array(z.enum(MATERIALS, { message: `Materials are ${MATERIALS.join(', ')}.` })).max(MATERIALS.length),
        hoursPerDay: z.number({ message: 'Hours per day must be a number between 0 and 24.' }).min(0, 'Hours per day cannot be negative.').max(24, 'A day has at most 24 hours.'),
      }),
    )
    .max(50, 'At most 50 printers.'),
});

const calendarBody = z.object({
  workingDays: z.array(z.number().int().min(0, 'Working days are Sunday to Saturday.').max(6, 'Working days are Sunday to Saturday.')).max(7),
  cutoff: z.string().max(5, 'The cut-off must be a time of day such as 14:00.'),
  holidays: z.array(z.string().max(32, 'Write holidays as 2026-12-25.')).max(400, 'At most 400 holidays.'),
});

/** The staff's print queue, its job moves, printers and the shop's calendar (services/printQueue.ts). */
const staffPrintQueueRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: app.requireStaff };

  app.get('/api/staff/print-queue', staff, async (): Promise<PrintQueueResponse> => ({ success: true, queue: await app.printQueue.view() }));

  app.post('/api/staff/print-jobs/:id', staff, async (request) => {
    const { id } = parseOr400(z.object({ id: hexId }), request.params, 'print job');
    const body = parseOr400(moveBody, request.body ?? {}, 'print job change');
    await app.printQueue.moveJob(id, body, currentUser(request));
    return { success: true, queue: await app.printQueue.view() };
  });

  app.get('/api/staff/printing-settings', staff, async (): Promise<PrintingSettingsResponse> => {
    const [printers, calendar] = await Promise.all([app.printQueue.printers(), app.printQueue.calendar()]);
    return { success: true, printers, calendar, materials: MATERIALS };
  });

  app.put('/api/staff/printers', staff, async (request): Promise<PrintingSettingsResponse> => {
    const body = parseFields(printersBody, request.body ?? {}, 'printers');
    const printers = await app.printQueue.savePrinters(body.printers);
    return { success: true, printers, calendar: await app.printQueue.calendar(), materials: MATERIALS };
  });

  app.put('/api/staff/calendar', staff, async (request): Promise<PrintingSettingsResponse> => {
    const body = parseFields(calendarBody, request.body ?? {}, 'calendar');
    const calendar = await app.printQueue.saveCalendar(body);
    return { success: true, printers: await app.printQueue.printers(), calendar, materials: MATERIALS };
  });

  app.get('/api/staff/orders/:id/print', staff, async (request): Promise<{ success: true; print: OrderPrintStatus }> => {
    const { id } = parseOr400(z.object({ id: hexId }), request.params, 'order id');
    const order = await app.orders.findById(id);
    if (!order) throw new HttpError(404, 'Order not found');
    return { success: true, print: await app.printQueue.ofOrder(order) };
  });
};
export default staffPrintQueueRoutes;
