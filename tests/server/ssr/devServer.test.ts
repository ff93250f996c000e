/**
 * `npm run dev` ("keeps HMR, with server rendering in development too"): scripts/dev.mjs
 * run as the developer runs it — the API in watch mode (tsx watch server/main.ts) and Vite's dev
 * server, whose plugin (server/ssr/devRender.ts) renders pages on the server — on free ports with a
 * fresh embedded database. Pages are fetched as a browser with scripts off would (jsdom only
 * parses); stopping the command with SIGTERM leaves nothing behind holding a port or the data folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { LOCK_NAME } from '../../../server/db/lock';
import { formatMoney } from '../../../src/domain/money';
import { salePrice } from '../../../src/domain/pricing';
import type { Product } from '../../../src/domain/types';
import { catalogApi } from '../../../src/features/catalog/catalogApi';
import { selectStorePage } from '../../../src/features/catalog/storeSelectors';
import { selectStoreQuery } from '../../../src/features/catalog/storeView';
import { routerStateAt } from '../../../src/features/router/routerSlice';
import { defaultDeps } from '../../../src/store/deps';
import { makeStore } from '../../../src/store/store';
import { freePort } from '../faults/fault-helpers';

// jsdom ships no types; parsing is all this file asks of it (scripts never run by default).
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

const root = path.resolve(import.meta.dirname, '../../..');

let dataDir: string;
let noDist: string;
let apiPort: number;
let vitePort: number;
let dev: ChildProcess;
let output = '';
/** Every process the dev command has started (children, grandchildren…), seen while it ran. */
const started = new Set<number>();

/** The live descendants of `pid` (from `ps`, the whole process table). */
function descendantsOf(pid: number): number[] {
  const table = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([p, pp]) => Number.isFinite(p) && Number.isFinite(pp)) as [number, number][];
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [p, pp] of table) {
      if (pp === parent && !found.includes(p)) {
        found.push(p);
        walk(p);
      }
    }
  };
  walk(pid);
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether something accepts connections on the port (IPv4 or IPv6 loopback: Vite listens on `localhost`). */
async function listening(port: number): Promise<boolean> {
  return (await Promise.all(['127.0.0.1', '::1'].map((host) => accepts(port, host)))).some(Boolean);
}

function accepts(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

const vite = (pathname: string) => `http://localhost:${vitePort}${pathname}`;

/** A page as a browser's navigation asks for it (Vite serves modules to anything else). */
async function page(pathname: string): Promise<{ status: number; html: string; doc: Document }> {
  const res = await fetch(vite(pathname), { headers: { accept: 'text/html,application/xhtml+xml' } });
  const html = await res.text();
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return { status: res.status, html, doc: new JSDOM(html).window.document };
}

const main = (doc: Document) => doc.querySelector('main');
const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ');

async function waitUntil(what: string, ready: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (dev.exitCode !== null || dev.signalCode !== null) throw new Error(`npm run dev exited (${dev.exitCode ?? dev.signalCode}) before ${what}:\n${output}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms:\n${output}`);
    for (const pid of descendantsOf(dev.pid!)) started.add(pid);
    await new Promise((r) => setTimeout(r, 150));
  }
}

let products: Product[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-dev-'));
  // Pages come from Vite's port; the API's own page route would serve whatever build dist/ holds.
  noDist = mkdtempSync(path.join(os.tmpdir(), 'layerloft-dev-nodist-'));
  // The seeded template the server tests share (a fresh copy), else an empty folder seeded at start.
  const template = inject('serverTestDb');
  if (template.kind === 'pglite') cpSync(path.join(template.templateDir!, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  [apiPort, vitePort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && !['NODE_ENV', 'TEST', 'DATABASE_URL', 'REDIS_URL', 'API_URL', 'PORT'].includes(k))),
    API_PORT: String(apiPort),
    VITE_PORT: String(vitePort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: noDist,
    LOG_LEVEL: 'warn',
    PAYMENTS: 'test',
    SEED_ON_EMPTY: 'true',
  };
  // What `npm run dev` runs (package.json), without npm in between: the command's process is dev.mjs.
  dev = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  dev.stdout!.on('data', (d) => (output += d));
  dev.stderr!.on('data', (d) => (output += d));
  await waitUntil('the API was ready', async () => (await fetch(`http://127.0.0.1:${apiPort}/readyz`)).ok);
  // Through Vite's proxy, as the page's own requests go.
  await waitUntil('Vite answered', async () => (await fetch(vite('/api/product/list'))).ok);
  products = ((await (await fetch(vite('/api/product/list'))).json()) as { products: Product[] }).products;
}, 90_000);

afterAll(async () => {
  if (dev && dev.exitCode === null && dev.signalCode === null) {
    dev.kill('SIGTERM');
    await exited(dev);
  }
  // Nothing the command started may outlive the test run, whatever failed above.
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of [dataDir, noDist]) if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('npm run dev', () => {
  it('renders a product page on the server, with Vite’s client for HMR', async () => {
    const p = products.find((x) => x.discount > 0 && !x.notAvailableYet) ?? products.find((x) => !x.notAvailableYet)!;
    const { status, doc } = await page(`/product/${p._id}`);
    expect(status).toBe(200);
    expect(text(main(doc)?.querySelector('h1') ?? null)).toContain(p.name);
    expect(text(main(doc))).toContain(formatMoney(salePrice(p)));
    expect(text(main(doc))).toContain(formatMoney(p.price));
    // The data block the client hydrates from, and the dev client: HMR and React Refresh.
    expect(doc.getElementById('server-data')).not.toBeNull();
    expect(doc.querySelector('script[type="module"][src="/@vite/client"]')).not.toBeNull();
    expect(doc.querySelector('script[type="module"][src^="/src/"]')).not.toBeNull();
  }, 60_000);

  it('renders /collection?category=… with the cards of its first page', async () => {
    const category = products.find((x) => !x.notAvailableYet)!.mainCategory;
    const url = `/collection?category=${encodeURIComponent(category)}`;
    // What the client shows for that url: its own selectors over the same endpoints, from the dev API.
    const store = makeStore({ router: routerStateAt(url) }, { ...defaultDeps, server: { origin: vite(''), fetch: (r: Request) => fetch(r) } } as typeof defaultDeps);
    await Promise.all([store.dispatch(catalogApi.endpoints.getProducts.initiate()), store.dispatch(catalogApi.endpoints.getSettings.initiate())]);
    const expected = selectStorePage(store.getState(), selectStoreQuery(store.getState()));
    expect(expected.items.length).toBeGreaterThan(0);

    const { status, doc } = await page(url);
    expect(status).toBe(200);
    for (const p of expected.items) expect(text(main(doc)), p.name).toContain(p.name);
    const linked = [...(main(doc)?.querySelectorAll('a[href^="/product/"]') ?? [])].map((a) => a.getAttribute('href')!.slice('/product/'.length));
    expect(new Set(linked)).toEqual(new Set(expected.items.map((p) => p._id)));
  });

  it('answers an unknown product with 404 and the page the client shows', async () => {
    const { status, doc } = await page('/product/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(status).toBe(404);
    expect(text(main(doc))).toContain('Product not found.');
  });

  it('stops on SIGTERM: every process it started exits, the ports and the data folder are released', async () => {
    for (const pid of descendantsOf(dev.pid!)) started.add(pid);
    // The API runs in tsx watch's child: the command, tsx, the server and Vite at least.
    expect(started.size).toBeGreaterThanOrEqual(3);
    dev.kill('SIGTERM');
    const { code, signal } = await exited(dev);
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    // The graceful shutdown ran to its end: nothing was force-killed on the way.
    expect(output).not.toMatch(/force killing|killing process/i);
    await expect.poll(() => [...started].filter(alive), { timeout: 10_000 }).toEqual([]);
    expect(await listening(apiPort)).toBe(false);
    expect(await listening(vitePort)).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
  }, 30_000);
});
