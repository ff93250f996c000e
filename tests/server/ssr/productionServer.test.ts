/**
 * The production server (`npm start`): the compiled JavaScript in dist-server/ run with plain `node`,
 * so the process that starts is the server itself. SIGTERM stops it gracefully (exit 0, DATA_DIR
 * released); SIGKILL leaves nothing behind that holds the port or the data folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { LOCK_NAME } from '../../../server/db/lock';
import { freePort } from '../faults/fault-helpers';

const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The pids whose parent is `pid` (Linux /proc), i.e. what the server has spawned. */
function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return out.stdout.split('\n').map((s) => Number.parseInt(s, 10)).filter((n) => Number.isFinite(n));
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function startBuilt(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', PAYMENTS: 'test', SEED_ON_EMPTY: 'true' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['dist-server/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ready) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(() => {
  // The server tests run before `npm test` builds: compile the server here (about 2 s).
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '-c', 'vite.server.config.ts', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}${built.stderr}`);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'layerloft-built-'));
  const template = inject('serverTestDb');
  if (template.kind === 'pglite') cpSync(path.join(template.templateDir!, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}, 120_000);

afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is JavaScript run by node, with no TypeScript loader', () => {
    expect(existsSync(path.join(root, 'dist-server/main.js'))).toBe(true);
    // Plugins and routes are autoloaded from folders beside app.js.
    expect(existsSync(path.join(root, 'dist-server/routes/product.js'))).toBe(true);
    expect(existsSync(path.join(root, 'dist-server/db/migrations/meta/_journal.json'))).toBe(true);
  });

  it('stops gracefully on SIGTERM: exit 0, port and DATA_DIR released', async () => {
    const port = await freePort();
    const { child, output } = await startBuilt(port);
    expect(childrenOf(child.pid!)).toEqual([]);
    const res = await fetch(`http://127.0.0.1:${port}/api/product/list`);
    expect(res.status).toBe(200);
    child.kill('SIGTERM');
    const { code } = await exited(child);
    expect(code, output()).toBe(0);
    expect(await listening(port)).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
  }, 120_000);

  it('leaves no process holding the port or the data folder when killed', async () => {
    const port = await freePort();
    const first = await startBuilt(port);
    first.child.kill('SIGKILL');
    const { signal } = await exited(first.child);
    expect(signal).toBe('SIGKILL');
    expect(await listening(port)).toBe(false);
    // The same port and DATA_DIR start again at once: nothing else holds either.
    const second = await startBuilt(port);
    second.child.kill('SIGTERM');
    expect((await exited(second.child)).code, second.output()).toBe(0);
  }, 120_000);
});
