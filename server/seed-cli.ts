/**
 * `npm run seed` — writes the demo catalog (products, bundles, discount codes, settings).
 * `npm run seed -- --file catalog.json` — imports a catalog file (see server/db/CATALOG_FORMAT.md);
 * a bad record refuses the whole file. With PGlite, refuses while a server holds DATA_DIR.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { CatalogImportError, importCatalog } from './db/catalogImport';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seed } from './db/seed';

const USAGE = `Usage:
  npm run seed                         write the demo catalog (safe to repeat: upserts by id);
                                       the demo discount codes too, except with NODE_ENV=production
  npm run seed -- --file catalog.json  import products, bundles and discount codes from a file
Environment: DATA_DIR (PGlite folder, default ./.data) or DATABASE_URL (PostgreSQL).`;

const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--file' || a === '-f') file = argv[++i];
    else if (a.startsWith('--file=')) file = a.slice('--file='.length);
    else {
      console.error(`Unknown argument: ${a}\n${USAGE}`);
      return 64;
    }
  }
  if (argv.some((a) => a === '--file' || a === '-f') && !file) {
    console.error(`--file needs a path\n${USAGE}`);
    return 64;
  }
  let input: unknown;
  if (file) {
    const abs = path.resolve(file);
    try {
      input = JSON.parse(readFileSync(abs, 'utf8'));
    } catch (err) {
      console.error(`Cannot read ${abs}: ${(err as Error).message}`);
      return 65;
    }
  }
  const config = loadConfig(process.env, { seedOnEmpty: false });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, poolMax: 2 });
  try {
    await database.migrate();
    const summary = input === undefined ? await seed(database.db, { demoDiscounts: config.env !== 'production' }) : await importCatalog(database.db, input);
    console.log(
      `${input === undefined ? 'Seeded the demo catalog' : `Imported ${file}`}: ${n(summary.products, 'product')}, ${n(summary.bundles, 'bundle')}, ${n(summary.discounts, 'discount code')}` +
        ` (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof CatalogImportError || err instanceof DataDirLockedError || err instanceof ConfigError) console.error(err.message);
    else console.error('Seeding failed:', err);
    process.exit(1);
  },
);
