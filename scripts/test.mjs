#!/usr/bin/env node
// `npm test`: every stage, in order, with its time; one closing line with the totals.
// Stages: typecheck → lint → client (unit + integration) → server on PGlite →
// server on PostgreSQL (only when DATABASE_URL is set) → build → browser (e2e).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'test-output');
fs.mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
const envWithout = (name) => Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== name));

const vitest = (project, report, env = process.env) => ({
  cmd: process.execPath,
  args: ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, report)}`],
  env,
  report,
});

const stages = [
  { name: 'typecheck', cmd: process.execPath, args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', cmd: process.execPath, args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'] },
  { name: 'client', ...vitest('client', 'client.json') },
  { name: 'server-pglite', ...vitest('server', 'server-pglite.json', envWithout('DATABASE_URL')) },
  ...(databaseUrl ? [{ name: 'server-postgres', ...vitest('server', 'server-postgres.json', process.env) }] : []),
  { name: 'build', cmd: process.execPath, args: ['scripts/build.mjs', '--logLevel', 'warn'] },
  { name: 'e2e', ...vitest('e2e', 'e2e.json', envWithout('DATABASE_URL')) },
].filter((s) => only.length === 0 || only.includes(s.name));

let passed = 0;
let failed = 0;
let skipped = 0;
const timings = [];
let broken = null;

for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const result = spawnSync(stage.cmd, stage.args, { cwd: root, stdio: 'inherit', env: stage.env ?? process.env });
  const seconds = (Date.now() - started) / 1000;
  timings.push([stage.name, seconds, result.status === 0 ? 'ok' : 'FAILED']);
  if (stage.report) {
    try {
      const report = JSON.parse(fs.readFileSync(path.join(out, stage.report), 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    } catch {
      // No report: the runner died before writing one; the exit status below says so.
    }
  }
  if (result.status !== 0) {
    broken = stage.name;
    break;
  }
}

console.log('\nStage times:');
for (const [name, seconds, status] of timings) console.log(`  ${name.padEnd(16)} ${seconds.toFixed(1).padStart(7)} s  ${status}`);
if (broken) console.log(`\nStopped: stage "${broken}" failed.`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(broken || failed > 0 ? 1 : 0);
