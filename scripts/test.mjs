#!/usr/bin/env node
// `npm test`: every stage, in order, with its time; one closing line with the totals.
// Stages: typecheck beside lint and knip (unused files, exports, dependencies) → client (unit in Node, screens in jsdom) → server on PGlite → build →
// browser (e2e) beside server on PostgreSQL (only when DATABASE_URL is set; without the one-database files).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'test-output');
fs.mkdirSync(out, { recursive: true });

const only = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
const envWithout = (name) => Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== name));

/**
 * Server test files whose database is not the stage's: they start their own server on PGlite, or
 * always use the machine's PostgreSQL (fault and load tests cut it with their own proxy). They run
 * once, in the PGlite stage; the PostgreSQL stage would only repeat them.
 */
const ONE_DATABASE_ONLY = ['tests/server/faults/**', 'tests/server/load/**', 'tests/server/ssr/productionServer.test.ts', 'tests/server/ssr/devServer.test.ts', 'tests/server/security/production-seed.test.ts'];

const vitest = (projects, report, env = process.env, extra = []) => ({
  cmd: process.execPath,
  args: ['node_modules/vitest/vitest.mjs', 'run', ...[projects].flat().flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, report)}`, ...extra],
  env,
  report,
});

// Stages in one list run side by side: each mostly waits on something the other does not use (the
// type checker and the linter share nothing; the PostgreSQL run waits on the database server while
// the browser tests wait on Chromium and their own server on PGlite), so on two cores they overlap
// well. The first one's output is shown as it comes, the others' after it.
const stages = [
  [
    { name: 'typecheck', cmd: process.execPath, args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
    { name: 'lint', cmd: process.execPath, args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings=0'] },
    // Dead code (knip.jsonc): files, exports and dependencies nothing uses.
    { name: 'knip', cmd: process.execPath, args: ['node_modules/knip/bin/knip.js', '--no-progress', '--no-config-hints'] },
  ],
  { name: 'client', ...vitest(['unit', 'client'], 'client.json') },
  { name: 'server-pglite', ...vitest('server', 'server-pglite.json', envWithout('DATABASE_URL')) },
  { name: 'build', cmd: process.execPath, args: ['scripts/build.mjs', '--logLevel', 'warn'] },
  [
    { name: 'e2e', ...vitest('e2e', 'e2e.json', envWithout('DATABASE_URL'), ['--project', 'e2e-alone']) },
    ...(databaseUrl ? [{ name: 'server-postgres', ...vitest('server', 'server-postgres.json', process.env, ONE_DATABASE_ONLY.flatMap((g) => ['--exclude', g])) }] : []),
  ],
]
  .map((group) => (Array.isArray(group) ? group : [group]).filter((s) => only.length === 0 || only.includes(s.name)))
  .filter((group) => group.length > 0);

/** Runs one stage; output straight to the terminal, or kept to print later when `buffered`. */
function run(stage, buffered) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(stage.cmd, stage.args, { cwd: root, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: stage.env ?? process.env });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (d) => output.push(d));
      child.stderr.on('data', (d) => output.push(d));
    }
    child.on('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => resolve({ stage, status: code, seconds: (Date.now() - started) / 1000, output: Buffer.concat(output) }));
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const timings = [];
let broken = null;

for (const group of stages) {
  console.log(`\n=== ${group[0].name}${group.length > 1 ? ` (beside it: ${group.slice(1).map((s) => s.name).join(', ')})` : ''} ===`);
  const results = await Promise.all(group.map((stage, i) => run(stage, i > 0)));
  for (const [i, { stage, status, seconds, output }] of results.entries()) {
    if (i > 0) {
      console.log(`\n=== ${stage.name} ===`);
      process.stdout.write(output);
    }
    timings.push([stage.name, seconds, status === 0 ? 'ok' : 'FAILED']);
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
    if (status !== 0) broken ??= stage.name;
  }
  if (broken) break;
}

console.log('\nStage times:');
for (const [name, seconds, status] of timings) console.log(`  ${name.padEnd(16)} ${seconds.toFixed(1).padStart(7)} s  ${status}`);
if (broken) console.log(`\nStopped: stage "${broken}" failed.`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(broken || failed > 0 ? 1 : 0);
