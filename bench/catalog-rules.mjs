// Catalog rules on the client: median time of one filter + sort + paginate interaction
// with a generated catalog of 10,000 and 100,000 products held in memory (scripts/bench-rules.ts).
// The first computation (the cold sort and search index of a freshly loaded list) is shown apart.
import { runTs } from '../scripts/bench-lib.mjs';

export const targets = { 10_000: 5, 100_000: 50 };

export async function run({ root }) {
  const rows = [];
  for (const size of [10_000, 100_000]) {
    const r = runTs(root, 'scripts/bench-rules.ts', [String(size)]);
    console.log(`  ${size} products: ${r.interactions} interactions, median ${r.medianMs} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms; first (cold) ${r.firstMs} ms`);
    const k = size / 1000;
    rows.push(
      { figure: `catalog rules ${k}k: median interaction`, value: r.medianMs, unit: 'ms', target: targets[size], better: 'lower' },
      { figure: `catalog rules ${k}k: p95 interaction`, value: r.p95Ms, unit: 'ms', target: null, better: 'lower' },
      { figure: `catalog rules ${k}k: first load (cold)`, value: r.firstMs, unit: 'ms', target: null, better: 'lower' },
    );
  }
  return rows;
}
