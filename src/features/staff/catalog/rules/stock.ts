/**
 * The product editor's stock section: one row per option the draft offers (colour × size, then
 * accessories), numbers kept as typed, checked with the server's own messages
 * (server/db/catalogImport.ts stock fields) before a call. Only rows staff changed are sent: the
 * server keeps every option not listed as it is, so a unit sold while the editor was open is not
 * put back by a save that did not touch it.
 */
import { allOptionVariants, DEFAULT_PRINT, optionAvailable, type StaffOptionStock } from '../../../../domain/stock';
import { splitList, textProblem, type FieldErrors } from './fields';

export interface OptionStockDraft {
  option: string;
  onHand: string;
  /** Units held by open payments (read-only: on hand cannot go below it). */
  reserved: number;
  madeToOrder: boolean;
  printMinutes: string;
  material: string;
}

/** One option's stock as the catalog format takes it (`stock[]` of a product record). */
export interface OptionStockRecord {
  option: string;
  onHand: number;
  madeToOrder: boolean;
  printMinutes: number;
  material: string;
}

export const STOCK_MESSAGES = {
  onHand: 'must be a whole number, 0 or more',
  onHandMax: 'must be at most 100000',
  belowHeld: (held: number) => `must be at least ${held}: shoppers are paying for ${held === 1 ? 'that unit' : 'those units'} right now`,
  minutes: 'must be a whole number of minutes',
  minutesMin: 'must be at least 1 minute',
  minutesMax: 'must be at most 10080 (a week)',
} as const;

/** The row an option has before staff or the server say otherwise: made to order, 120 min of PLA. */
export function defaultOptionStock(option: string): OptionStockDraft {
  return { option, onHand: '0', reserved: 0, madeToOrder: true, printMinutes: String(DEFAULT_PRINT.minutes), material: DEFAULT_PRINT.material };
}

export function stockToDraft(s: StaffOptionStock): OptionStockDraft {
  return {
    option: s.option,
    onHand: String(s.onHand),
    reserved: s.reserved,
    madeToOrder: s.madeToOrder,
    printMinutes: String(s.printMinutes ?? DEFAULT_PRINT.minutes),
    material: s.material ?? DEFAULT_PRINT.material,
  };
}

/** What the draft's options are, from its colours, sizes and accessories as typed. */
export interface OptionSource {
  colorVariants: { color: string }[];
  clothingSizes: string;
  canvasSizes: string;
  accessories: { name: string }[];
}

/** Every option the draft offers, in the shop's order. */
export function draftOptions(d: OptionSource): string[] {
  const colorVariants = d.colorVariants.map((v) => ({ color: v.color.trim() })).filter((v) => v.color);
  return allOptionVariants({ colorVariants, clothingSizes: splitList(d.clothingSizes), canvasSizes: splitList(d.canvasSizes), accessories: d.accessories });
}

/** The rows the section shows: the draft's own for each offered option, else the default. */
export function stockRows(d: OptionSource & { stock: OptionStockDraft[] }): OptionStockDraft[] {
  const byOption = new Map(d.stock.map((s) => [s.option, s]));
  return draftOptions(d).map((o) => byOption.get(o) ?? defaultOptionStock(o));
}

/** 'Red|M' → 'Red, M'; '|' → 'Standard'; 'accessory-0' → the accessory's name. */
export function optionLabel(option: string, accessories: { name: string }[]): string {
  const acc = /^accessory-(\d+)$/.exec(option);
  if (acc) {
    const i = Number(acc[1]);
    return `Accessory: ${accessories[i]?.name.trim() || `accessory ${i + 1}`}`;
  }
  const parts = option.split('|').filter(Boolean);
  return parts.length ? parts.join(', ') : 'Standard';
}

/**
 * "Out of stock" as the shop will show it, from the numbers the stock section holds (as typed; a
 * number not yet valid counts as none on the shelf): the product when none of its colour × size
 * options can be bought, an accessory when its own option cannot. The editor shows it read-only:
 * staff change it through the numbers (the catalog import still reads the old flag).
 */
export function draftOutOfStock(d: OptionSource & { stock: OptionStockDraft[] }): { product: boolean; accessories: boolean[] } {
  const buyable = (r: OptionStockDraft) => {
    const onHand = Number(r.onHand.trim());
    return optionAvailable({ onHand: Number.isFinite(onHand) ? onHand : 0, reserved: r.reserved, madeToOrder: r.madeToOrder });
  };
  const rows = stockRows(d);
  const options = rows.filter((r) => !r.option.startsWith('accessory-'));
  const accessory = new Map(rows.filter((r) => r.option.startsWith('accessory-')).map((r) => [r.option, r]));
  return {
    product: options.length > 0 && !options.some(buyable),
    accessories: d.accessories.map((_, i) => {
      const r = accessory.get(`accessory-${i}`);
      return r !== undefined && !buyable(r);
    }),
  };
}

/** The error key of one field of an option's row (`stock.Red|M.onHand`). */
export const stockField = (option: string, field: keyof OptionStockRecord) => `stock.${option}.${field}`;

const WHOLE = /^-?\d+$/;

/** Checks one row; its record, or its messages by field. */
function checkRow(r: OptionStockDraft, errors: FieldErrors): OptionStockRecord | null {
  const before = Object.keys(errors).length;
  const onHandText = r.onHand.trim();
  const onHand = Number(onHandText);
  if (!WHOLE.test(onHandText) || onHand < 0) errors[stockField(r.option, 'onHand')] = STOCK_MESSAGES.onHand;
  else if (onHand > 100_000) errors[stockField(r.option, 'onHand')] = STOCK_MESSAGES.onHandMax;
  else if (onHand < r.reserved) errors[stockField(r.option, 'onHand')] = STOCK_MESSAGES.belowHeld(r.reserved);
  const minutesText = r.printMinutes.trim();
  let minutes = Number(minutesText);
  let material = r.material.trim();
  if (r.madeToOrder) {
    if (!WHOLE.test(minutesText)) errors[stockField(r.option, 'printMinutes')] = STOCK_MESSAGES.minutes;
    else if (minutes < 1) errors[stockField(r.option, 'printMinutes')] = STOCK_MESSAGES.minutesMin;
    else if (minutes > 10_080) errors[stockField(r.option, 'printMinutes')] = STOCK_MESSAGES.minutesMax;
    const m = textProblem(r.material, 40);
    if (m) errors[stockField(r.option, 'material')] = m;
  } else {
    // Hidden while stocked only: a half-typed value there falls back to the default, never blocks a save.
    if (!WHOLE.test(minutesText) || minutes < 1 || minutes > 10_080) minutes = DEFAULT_PRINT.minutes;
    if (textProblem(r.material, 40)) material = DEFAULT_PRINT.material;
  }
  if (Object.keys(errors).length > before) return null;
  return { option: r.option, onHand, madeToOrder: r.madeToOrder, printMinutes: minutes, material };
}

/**
 * The stock to send with a product: the offered options whose row differs from the one loaded
 * (undefined when none changed, so the server's own rules for the product's flags apply).
 */
export function validateStock(d: OptionSource & { stock: OptionStockDraft[] }, loaded: OptionStockDraft[], errors: FieldErrors): OptionStockRecord[] | undefined {
  const before = new Map(loaded.map((s) => [s.option, JSON.stringify(s)]));
  const offered = new Set(draftOptions(d));
  const changed = d.stock.filter((s) => offered.has(s.option) && before.get(s.option) !== JSON.stringify(s));
  const records = changed.map((r) => checkRow(r, errors)).filter((r): r is OptionStockRecord => r !== null);
  return records.length ? records : undefined;
}

/** The server names a sent row by its place (`stock[0].onHand`): the same field by option, as the inputs are keyed. */
export function stockErrorsByOption(fields: FieldErrors, sent: readonly OptionStockRecord[] | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const m = /^stock\[(\d+)\]\.(\w+)$/.exec(key);
    const row = m ? sent?.[Number(m[1])] : undefined;
    if (m && row) out[stockField(row.option, m[2] as keyof OptionStockRecord)] = message;
    else out[key] = message;
  }
  return out;
}
