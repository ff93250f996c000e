#!/usr/bin/env node
// `npm run bench`: every benchmark in bench/, one table (figure, value, target, pass/fail), and the
// figures written to bench-results.json. Benchmarks never run inside `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const only = process.argv.slice(2);
const suites = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.mjs'))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.mjs$/, '')))
  .sort();

const rows = [];
let failedSuites = 0;
for (const file of suites) {
  const name = file.replace(/\.mjs$/, '');
  console.log(`\n=== bench: ${name} ===`);
  try {
    const mod = await import(pathToFileURL(path.join(root, 'bench', file)).href);
    for (const row of await mod.run({ root })) rows.push({ suite: name, ...row });
  } catch (err) {
    failedSuites += 1;
    console.error(`bench ${name} failed: ${err instanceof Error ? err.stack : err}`);
  }
}

const verdict = (r) => (r.target == null ? 'info' : (r.better === 'higher' ? r.value >= r.target : r.value <= r.target) ? 'pass' : 'FAIL');
const table = rows.map((r) => ({ figure: r.figure, value: `${r.value} ${r.unit}`, target: r.target == null ? '—' : `${r.better === 'higher' ? '≥' : '≤'} ${r.target} ${r.unit}`, result: verdict(r) }));
const widths = ['figure', 'value', 'target', 'result'].map((k) => Math.max(k.length, ...table.map((t) => String(t[k]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ');
console.log(`\n${line(['figure', 'value', 'target', 'result'])}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
for (const t of table) console.log(line([t.figure, t.value, t.target, t.result]));

const out = path.join(root, 'bench-results.json');
fs.writeFileSync(out, JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, figures: rows.map((r) => ({ ...r, result: verdict(r) })) }, null, 2));
console.log(`\nFigures written to ${path.relative(process.cwd(), out)}. ${rows.filter((r) => verdict(r) === 'FAIL').length} figure(s) miss their target.`);
process.exit(failedSuites > 0 ? 1 : 0);
