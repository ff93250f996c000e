// Load: 200 scripted shoppers for 60 s against the built server on PostgreSQL, with the
// invariants checked in the database afterwards (tests/load/shoppers.mjs). LOAD_SHOPPERS and
// LOAD_SECONDS change the size; DATABASE_URL picks the PostgreSQL (default 127.0.0.1:5432).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runLoad } from '../tests/load/shoppers.mjs';

export const targets = { p95Ms: 1000, fiveXX: 0, violations: 0 };

export async function run({ root }) {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html')) || !fs.existsSync(path.join(root, 'dist-server', 'main.js'))) {
    const r = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  const shoppers = Number(process.env.LOAD_SHOPPERS ?? 200);
  const seconds = Number(process.env.LOAD_SECONDS ?? 60);
  const r = await runLoad({ root, shoppers, durationMs: seconds * 1000, log: (l) => console.log(`  ${l}`) });
  console.log(`  ${r.requests} requests in ${r.durationS.toFixed(1)} s; statuses ${JSON.stringify(r.byStatus)}; actions ${JSON.stringify(r.byAction)}`);
  console.log(`  orders ${JSON.stringify(r.orders)}; checked ${JSON.stringify(r.checked)}`);
  for (const v of r.violations.slice(0, 20)) console.log(`  VIOLATION ${v}`);
  const round = (n, d = 0) => Number(n.toFixed(d));
  return [
    { figure: `load: throughput (${shoppers} shoppers, ${seconds} s)`, value: round(r.throughput, 1), unit: 'req/s', target: null, better: 'higher' },
    { figure: 'load: latency p50', value: round(r.latencyMs.p50), unit: 'ms', target: null, better: 'lower' },
    { figure: 'load: latency p95', value: round(r.latencyMs.p95), unit: 'ms', target: targets.p95Ms, better: 'lower' },
    { figure: 'load: latency p99', value: round(r.latencyMs.p99), unit: 'ms', target: null, better: 'lower' },
    { figure: 'load: chat delivery p95 (POST → own socket)', value: round(r.chatDeliveryMs.p95), unit: 'ms', target: null, better: 'lower' },
    { figure: 'load: checkouts verified paid', value: r.checked.verifiedOrders, unit: 'orders', target: null, better: 'higher' },
    { figure: 'load: 5xx or network errors', value: r.fiveXX, unit: 'answers', target: targets.fiveXX, better: 'lower' },
    { figure: 'load: invariant violations (data lost or doubled)', value: r.violations.length, unit: 'cases', target: targets.violations, better: 'lower' },
  ];
}
