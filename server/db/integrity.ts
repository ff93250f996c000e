/**
 * PGlite start-up after an unclean stop (SIGKILL, power loss: the DATA_DIR lock was left behind).
 * PostgreSQL's own WAL recovery replays committed work, and it does here (tests/server/faults):
 * what it cannot repair is a page torn or damaged on disk, which PostgreSQL only notices when the
 * page is read — so a server could start and then answer with errors, or with an index that no
 * longer matches its table. Before serving, every table is therefore read in full and counted once
 * through the table and once through its primary key; any error or mismatch stops the start with
 * a message saying what to do, instead of serving wrong data.
 */

export class DatabaseDamagedError extends Error {
  override name = 'DatabaseDamagedError';
  constructor(
    readonly dir: string,
    readonly detail: string,
  ) {
    super(
      `The database in ${dir} is damaged (${detail}). The server did not start, so as not to serve wrong data. ` +
        `Restore DATA_DIR from a backup, or move ${dir} aside to start with an empty store.`,
    );
  }
}

type Query = <T>(sql: string) => Promise<T[]>;

export interface IntegrityReport {
  tables: number;
  rows: number;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Reads every table of the app's schemas in full (heap and primary key); throws a plain Error naming the first problem. */
export async function checkIntegrity(query: Query): Promise<IntegrityReport> {
  const tables = await query<{ schema: string; name: string; pk: string | null }>(
    `select n.nspname as schema, c.relname as name,
            (select i.indexrelid::regclass::text from pg_index i where i.indrelid = c.oid and i.indisprimary) as pk
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'drizzle')
      order by 1, 2`,
  );
  let rows = 0;
  for (const t of tables) {
    const table = `${ident(t.schema)}.${ident(t.name)}`;
    let heap: number;
    try {
      await query(`set enable_indexscan = off; set enable_indexonlyscan = off; set enable_bitmapscan = off`);
      heap = Number((await query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0);
      if (t.pk) {
        await query(`set enable_seqscan = off; set enable_indexscan = on; set enable_indexonlyscan = on`);
        // Reading every row through the primary key touches each index page and each heap page it points to.
        const viaIndex = Number((await query<{ n: number }>(`select count(*)::int as n from (select 1 from ${table} order by ${(await pkColumns(query, t.schema, t.name)).join(', ')}) s`))[0]?.n ?? 0);
        if (viaIndex !== heap) throw new Error(`table ${t.name} has ${heap} rows but its primary key lists ${viaIndex}`);
      }
    } catch (err) {
      throw new Error(`${t.schema}.${t.name}: ${(err as Error).message}`, { cause: err });
    } finally {
      await query(`reset enable_seqscan; reset enable_indexscan; reset enable_indexonlyscan; reset enable_bitmapscan`).catch(() => undefined);
    }
    rows += heap;
  }
  return { tables: tables.length, rows };
}

async function pkColumns(query: Query, schema: string, table: string): Promise<string[]> {
  const cols = await query<{ name: string }>(
    `select a.attname as name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
       join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where i.indisprimary and n.nspname = '${schema.replace(/'/g, "''")}' and c.relname = '${table.replace(/'/g, "''")}'
      order by k.ord`,
  );
  return cols.map((c) => ident(c.name));
}
