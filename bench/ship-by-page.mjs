// Ship-by dates as the server answers a product page (ShipByService on an embedded database) with a
// print queue of 10,000 jobs: warm (the planned queue reused while its version is unchanged, what
// almost every page costs) and cold (the queue re-read and re-planned after a change).
import { runTs } from '../scripts/bench-lib.mjs';

export const targets = { perPageMs: 5 };

export async function run({ root }) {
  const r = runTs(root, 'scripts/bench-ship-by-page.ts', ['10000']);
  console.log(`  ${r.jobs} queued jobs on ${r.database}: "${r.statement}"; warm median ${r.warm.medianMs} ms, p95 ${r.warm.p95Ms} ms; cold (queue re-planned) median ${r.cold.medianMs} ms, p95 ${r.cold.p95Ms} ms`);
  return [
    { figure: 'ship-by page, 10k-job queue, server (median)', value: r.warm.medianMs, unit: 'ms', target: targets.perPageMs, better: 'lower' },
    { figure: 'ship-by page, 10k-job queue, server (p95)', value: r.warm.p95Ms, unit: 'ms', target: null, better: 'lower' },
    { figure: 'ship-by page, 10k-job queue re-planned after a change (median)', value: r.cold.medianMs, unit: 'ms', target: null, better: 'lower' },
  ];
}
