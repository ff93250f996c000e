/**
 * Taking the PGlite DATA_DIR lock, and taking over a stale one, is atomic. Several
 * processes are told to take it at the same moment, many times over: each time exactly one wins.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_NAME } from '../../../server/db/lock';

const TAKERS = 4;
const ROUNDS = 25;
/** A pid no process has (above Linux's pid_max), as a crashed owner leaves behind. */
const DEAD_PID = 2147483646;

interface Taker {
  proc: ChildProcessWithoutNullStreams;
  next(): Promise<string>;
}

function startTaker(): Taker {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'lock-taker.ts')], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: proc.stdout }).on('line', (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else lines.push(line);
  });
  return { proc, next: () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise((resolve) => waiting.push(resolve))) };
}

let takers: Taker[] = [];
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'layerloft-lockrace-'));
  takers = Array.from({ length: TAKERS }, startTaker);
  for (const t of takers) expect(await t.next()).toBe('ready');
}, 60_000);
afterAll(() => {
  for (const t of takers) t.proc.kill();
  rmSync(root, { recursive: true, force: true });
});

/** All takers at once on `dir`; returns how many won, after the winner released. */
async function race(dir: string): Promise<{ won: number; lost: string[] }> {
  for (const t of takers) t.proc.stdin.write(`go ${dir}\n`);
  const answers = await Promise.all(takers.map((t) => t.next()));
  const winners = takers.filter((_, i) => answers[i] === 'won');
  for (const w of winners) w.proc.stdin.write('release\n');
  for (const w of winners) expect(await w.next()).toBe('released');
  return { won: winners.length, lost: answers.filter((a) => a !== 'won') };
}

describe('the DATA_DIR lock under simultaneous starts', () => {
  it('a free folder: exactly one of the processes starting at once takes it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(root, `free-${round}`);
      const { won, lost } = await race(dir);
      expect(won, `round ${round}`).toBe(1);
      for (const message of lost) expect(message).toMatch(/^lost Another LayerLoft process \(pid \d+\) is using DATA_DIR/);
      // Nothing left behind: no temporary files, no takeover markers, and the lock released.
      expect(readdirSync(dir)).toEqual([]);
    }
  }, 120_000);

  it('a stale lock (its owner died): exactly one of the processes taking it over at once wins', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(root, `stale-${round}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      writeFileSync(path.join(dir, LOCK_NAME), `${DEAD_PID}\n`);
      const { won } = await race(dir);
      expect(won, `round ${round}`).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
    }
  }, 120_000);
});
