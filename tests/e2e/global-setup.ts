/**
 * One built server (fresh DATA_DIR, embedded PGlite, seeded catalog) and one Chromium, shared by
 * every browser test file. Test files read the addresses through vitest's `inject`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, server: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode} before it was ready:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server was not ready within ${timeoutMs} ms:\n${log()}`);
}

let server: ChildProcess | undefined;
let browser: BrowserServer | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'dist/index.html')) || !fs.existsSync(path.join(root, 'dist-server/main.js'))) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: run \`npm test\` (its pretest installs chromium) or set CHROMIUM_PATH.`);

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'layerloft-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production',
    // A production build on the built-in test card page with the demo catalog, said explicitly.
    PAYMENTS: 'test', SEED_ON_EMPTY: 'true', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', PUBLIC_URL: baseUrl,
    // Every browser test shares one server and one client IP: the per-IP auth limit is raised for
    // the run (the limit itself is covered by the server tests).
    AUTH_RATE_LIMIT_MAX: '1000',
    // Every browser test shares this server and one client address; renders are not what they measure.
    RATE_LIMIT_MAX: '1000000',
    RENDER_CONCURRENCY: '64' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  // Production never seeds the demo discount codes: the one code the tests use is
  // imported like a shop's own.
  const codes = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed-cli.ts', '--file', 'tests/fixtures/e2e-discounts.json'], { cwd: root, env, encoding: 'utf8' });
  if (codes.status !== 0) throw new Error(`importing the test discount codes failed: ${codes.stderr}`);
  let output = '';
  // The compiled server, as `npm start` runs it: this pid is the server itself.
  server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  await waitForReady(`${baseUrl}/readyz`, server, () => output.slice(-4000));

  browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

  project.provide('baseUrl', baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
