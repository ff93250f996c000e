// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A test that passes on its second try hides a real race: no test or config of the suite retries.
 * This scans what could ask Vitest for retries: the tests, the Vitest config, the test runner
 * script and package.json's scripts.
 */
const root = path.resolve(__dirname, '../..');
const self = path.resolve(__filename);

/** Every way to ask Vitest (or Playwright) to run a failed test again: an option, a CLI flag, a config key. */
const RETRY_PATTERNS: readonly RegExp[] = [/\bretry\s*:/, /\bretries\s*:/, /--retry\b/, /\.retry\s*\(/];

/** The lines of `source` that ask for a retry, as '<line number>: <text>'. */
function retryLines(source: string): string[] {
  return source
    .split('\n')
    .map((text, i) => ({ text, i }))
    .filter(({ text }) => RETRY_PATTERNS.some((p) => p.test(text)))
    .map(({ text, i }) => `${i + 1}: ${text.trim()}`);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.(c|m)?[jt]sx?$/.test(e.name) ? [full] : [];
  });
}

describe('no test is retried', () => {
  it('finds a retry however it is asked for', () => {
    expect(retryLines("it('loads', { retry: 2 }, async () => {});")).toHaveLength(1);
    expect(retryLines("describe('suite', { retry: 3, timeout: 1000 }, () => {});")).toHaveLength(1);
    expect(retryLines('export default defineConfig({ test: { retry: 2 } });')).toHaveLength(1);
    expect(retryLines("const stage = ['vitest', 'run', '--retry=2'];")).toHaveLength(1);
    expect(retryLines('vi.setConfig({ retry: 1 });')).toHaveLength(1);
    expect(retryLines('export default { retries: 2 };')).toHaveLength(1);
  });

  it('leaves alone what only mentions the word', () => {
    expect(retryLines("links.open('probe', { enableOfflineQueue: false, retryStrategy: () => 50 });")).toEqual([]);
    expect(retryLines("const retry = await post(app, '/api/cart/add', body);")).toEqual([]);
    expect(retryLines("expect(res.headers['retry-after']).toBe('5');")).toEqual([]);
    expect(retryLines("it('the retry opens a session', async () => {});")).toEqual([]);
  });

  it('holds for the tests, the Vitest config, the test runner and the npm scripts', () => {
    const files = [...filesUnder(path.join(root, 'tests')).filter((f) => f !== self), path.join(root, 'vitest.config.ts'), path.join(root, 'scripts/test.mjs')];
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => retryLines(fs.readFileSync(f, 'utf8')).map((line) => `${path.relative(root, f)}:${line}`));
    const scripts = JSON.stringify(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts, null, 1);
    found.push(...retryLines(scripts).map((line) => `package.json scripts:${line}`));
    expect(found).toEqual([]);
  });
});
