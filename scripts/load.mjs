#!/usr/bin/env node
// `npm run load`: the full load test alone (200 shoppers × 60 s by default; LOAD_SHOPPERS and
// LOAD_SECONDS change it). The same run is part of `npm run bench` (bench/load.mjs).
import path from 'node:path';
import { run } from '../bench/load.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rows = await run({ root });
for (const r of rows) console.log(`${r.figure.padEnd(52)} ${String(r.value).padStart(9)} ${r.unit}${r.target == null ? '' : `   (target ${r.better === 'higher' ? '≥' : '≤'} ${r.target})`}`);
const failed = rows.filter((r) => r.target != null && (r.better === 'higher' ? r.value < r.target : r.value > r.target));
process.exit(failed.length ? 1 : 0);
