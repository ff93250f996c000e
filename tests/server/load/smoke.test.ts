/**
 * The load test's smoke version (the full 200 shoppers × 60 s run is `npm run load`, also part of
 * `npm run bench`): a few scripted shoppers for a few seconds against the real server on a
 * PostgreSQL database of their own, then the invariants of tests/load/shoppers.mjs.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLoad } from '../../load/shoppers.mjs';
import { postgresAnswers } from '../faults/fault-helpers';

const available = await postgresAnswers();

describe.skipIf(!available)('load smoke (PostgreSQL)', () => {
  it('8 shoppers for 6 s: no 5xx, nothing lost, every paid session has exactly one order', async () => {
    const result = await runLoad({ root: path.resolve(import.meta.dirname, '../../..'), shoppers: 8, durationMs: 6000, thinkMs: [50, 250] });
    console.log(`[load smoke] ${result.requests} requests in ${result.durationS.toFixed(1)} s (${result.throughput.toFixed(0)}/s), p95 ${result.latencyMs.p95.toFixed(0)} ms; checked ${JSON.stringify(result.checked)}`);
    expect(result.violations).toEqual([]);
    expect(result.fiveXX).toBe(0);
    expect(result.requests).toBeGreaterThan(30);
    expect(result.byAction.checkout ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
