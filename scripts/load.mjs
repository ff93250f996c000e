#!/usr/bin/env node
// `npm run load`: the full load test alone (200 shoppers × 60 s by default; LOAD_SHOPPERS and
// LOAD_SECONDS change it). The same run is part of `npm run bench` (bench/load.mjs).
// `npm run load -- --cluster`: three instances behind HAProxy with faults (tests/load/cluster.mjs;
// 300 shoppers × 120 s by default).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { run } from '../bench/load.mjs';
import { runCluster } from '../tests/load/cluster.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function report(rows) {
  for (const r of rows) console.log(`${r.figure.padEnd(56)} ${String(r.value).padStart(9)} ${r.unit}${r.target == null ? '' : `   (target ${r.better === 'higher' ? '≥' : '≤'} ${r.target})`}`);
  const failed = rows.filter((r) => r.target != null && (r.better === 'higher' ? r.value < r.target : r.value > r.target));
  process.exit(failed.length ? 1 : 0);
}

if (!process.argv.includes('--cluster')) report(await run({ root }));

if (!fs.existsSync(path.join(root, 'dist', 'index.html')) || !fs.existsSync(path.join(root, 'dist-server', 'main.js'))) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const shoppers = Number(process.env.LOAD_SHOPPERS ?? 300);
const seconds = Number(process.env.LOAD_SECONDS ?? 120);
const r = await runCluster({ root, shoppers, durationMs: seconds * 1000, log: (l) => console.log(`  ${l}`) });
console.log(`  ${r.requests} requests in ${r.durationS.toFixed(1)} s; statuses ${JSON.stringify(r.byStatus)}`);
console.log(`  by phase ${JSON.stringify(r.byPhase)}; socket reconnects ${r.reconnects}`);
console.log(`  orders ${JSON.stringify(r.orders)}; checked ${JSON.stringify(r.checked)}`);
for (const e of r.events) console.log(`  ${e}`);
for (const v of r.violations.slice(0, 20)) console.log(`  VIOLATION ${v}`);
for (const e of r.errors.slice(0, 40)) console.log(`  failed: ${e}`);
for (const line of r.problems.slice(0, 40)) console.log(`  ${line}`);
const round = (n) => Number(n.toFixed(0));
report([
  { figure: `cluster: throughput (${shoppers} shoppers, ${seconds} s, 3 instances)`, value: +r.throughput.toFixed(1), unit: 'req/s', target: null, better: 'higher' },
  { figure: 'cluster: latency p50', value: round(r.latencyMs.p50), unit: 'ms', target: null, better: 'lower' },
  { figure: 'cluster: latency p95', value: round(r.latencyMs.p95), unit: 'ms', target: null, better: 'lower' },
  { figure: 'cluster: latency p99', value: round(r.latencyMs.p99), unit: 'ms', target: null, better: 'lower' },
  ...Object.entries(r.byPhase).map(([phase, c]) => ({ figure: `cluster: 5xx or network errors while ${phase}`, value: c.failed, unit: `of ${c.requests}`, target: phase === 'kill' ? null : 0, better: 'lower' })),
  { figure: 'cluster: staff edit served by every instance', value: round(r.editPropagationMs), unit: 'ms', target: 1000, better: 'lower' },
  { figure: 'cluster: invariant violations (data lost or doubled)', value: r.violations.length, unit: 'cases', target: 0, better: 'lower' },
]);
