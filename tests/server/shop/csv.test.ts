import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvCell, csvMoney, csvRow } from '../../../server/lib/csv';
import { ORDER_CSV_COLUMNS } from '../../../server/routes/staffOrders';
import { ADDRESS, makeShopper } from '../checkout-helpers';
import { insertOrder, ITEMS } from '../chat-helpers';
import { useStaffApp } from '../staff/staff-helpers';

/** Splits our CSV (quoted cells may hold commas, quotes and line breaks) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('CSV cells', () => {
  it('are spreadsheet-safe: a would-be formula gets a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-5)).toBe('-5');
    expect(csvMoney(-150)).toEqual({ figure: '-1.50' });
    expect(csvRow(['x', csvMoney(1234), 7])).toBe('x,12.34,7\r\n');
  });
});

const ctx = useStaffApp({ catalog: false });

describe('the order export', () => {
  it('streams the board (its filters, every page) with the agreed columns, hostile text made harmless', async () => {
    const shopper = await makeShopper(ctx.app, 'Csv');
    const hostile = await insertOrder(ctx.app, shopper.id, { status: 'Processing', items: [{ ...ITEMS[0]!, name: '=cmd|"/c calc"!A1' }] });
    await ctx.app.db.execute(sql`update orders set address = ${JSON.stringify({ ...ADDRESS, email: '@evil@example.com' })}::jsonb where id = ${hostile.id}`);
    const res = await ctx.get(`/api/staff/orders/export.csv?q=${encodeURIComponent(shopper.email)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, row, ...rest] = parseCsv(res.body);
    expect(head).toEqual(ORDER_CSV_COLUMNS);
    expect(rest).toEqual([]);
    expect(row).toEqual([
      `#${hostile.orderNumber}`,
      hostile.createdAt.toISOString(),
      hostile.paidAt!.toISOString(),
      'Processing',
      "'@evil@example.com",
      '2 × =cmd|"/c calc"!A1',
      '60.00',
      '0.00',
      '0.00',
      '0.00',
      '60.00',
    ]);
  });

  it('pages through thousands of orders by keyset, none lost or doubled, ties on the same instant included', async () => {
    const crowd = await makeShopper(ctx.app, 'Crowd');
    // 1,234 paid orders, most placed at the very same instant (the keyset must break ties by id).
    await ctx.app.db.execute(sql`
      insert into orders (id, user_id, status, address, items, subtotal_cents, shipping_cents, amount_cents, created_at, updated_at, paid_at)
      select lpad(to_hex(g), 24, '0'), ${crowd.id}, 'Delivered', ${JSON.stringify({ ...ADDRESS, email: 'crowd@example.com' })}::jsonb, jsonb_build_array(jsonb_build_object('name', 'item-' || g, 'quantity', 1)), 100, 0, 100,
             case when g % 3 = 0 then timestamptz '2026-01-01T00:00:00Z' else timestamptz '2026-01-01T00:00:00Z' + (g || ' seconds')::interval end, now(), now()
      from generate_series(1, 1234) g`);
    const res = await ctx.get('/api/staff/orders/export.csv?q=crowd%40example.com');
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(1234);
    expect(new Set(rows.map((r) => r[5])).size).toBe(1234);
    const placed = rows.map((r) => r[1]!);
    expect([...placed].sort().reverse()).toEqual(placed);
    expect((await ctx.get('/api/staff/orders/export.csv?view=nope')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/orders/export.csv' })).statusCode).toBe(401);
  });
});
