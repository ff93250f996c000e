import type { PrintJobStatus } from '../../../domain/madeToOrder';
import type { PrinterDraft } from './printingSlice';

/** Hours per day as typed ('8', '7.5'), or null when it is not a number from 0 to 24. */
export function parseHours(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}(?:\.\d{1,2})?$/.test(t)) return null;
  const n = Number(t);
  return n >= 0 && n <= 24 ? n : null;
}

/** Holidays as typed: one per line or separated by commas or spaces. */
export function parseHolidays(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Warnings before saving printers: a material no printer prints (a capacity of zero hours) makes
 * every made-to-order option in it 'Currently unavailable'.
 */
export function capacityWarnings(printers: readonly PrinterDraft[], materials: readonly string[]): string[] {
  const out: string[] = [];
  if (printers.length === 0) return ['With no printer, every made-to-order option says "Currently unavailable".'];
  for (const m of materials) {
    const hours = printers.filter((p) => p.materials.includes(m)).reduce((sum, p) => sum + (parseHours(p.hours) ?? 0), 0);
    if (hours === 0) out.push(`No printer prints ${m} (0 hours a day): made-to-order options in ${m} say "Currently unavailable".`);
  }
  return out;
}

/** The buttons a job offers, in the order staff use them. */
export function jobActions(status: PrintJobStatus): { to: PrintJobStatus; label: string; done: string }[] {
  switch (status) {
    case 'Queued':
      return [{ to: 'Printing', label: 'Start printing', done: 'Printing started.' }];
    case 'Printing':
      return [
        { to: 'Printed', label: 'Printed', done: 'Marked printed.' },
        { to: 'Failed', label: 'Failed', done: 'Marked failed: it is back in the queue.' },
      ];
    case 'Printed':
      return [
        { to: 'Passed QA', label: 'Passed QA', done: 'Passed QA.' },
        { to: 'Failed', label: 'Failed QA', done: 'Marked failed: it is back in the queue.' },
      ];
    case 'Failed':
      return [{ to: 'Printing', label: 'Print again', done: 'Printing again.' }];
    default:
      return [];
  }
}

/** '2 h 30 min', '45 min' */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}
