import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite serves one process per data folder: two processes writing the same files corrupt them.
 * The lock is a file holding the owner's pid, created and taken over atomically. A lock whose pid is dead
 * (or is this very pid but not held by this process, e.g. pid 1 after a container restart) is stale
 * and taken over; a live one refuses with a message saying what to do.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another LayerLoft process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or set DATA_DIR to another folder. ` +
        `(If no such process exists, delete ${path.join(dataDir, LOCK_NAME)}.)`,
    );
  }
}

export const LOCK_NAME = 'layerloft.lock';
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  file: string;
  /** The pid of a previous owner that died holding the lock (it did not shut down cleanly). */
  staleFrom?: number;
  release(): void;
}

/** Waits `ms` synchronously (acquiring runs once, at start, before anything else is served). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The lock file's owner and identity (inode + mtime, read through one descriptor), or null when it is gone. */
function readLock(file: string): { pid: number; id: string } | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const st = fstatSync(fd, { bigint: true });
    return { pid: Number.parseInt(readFileSync(fd, 'utf8'), 10), id: `${st.ino}-${st.mtimeNs}` };
  } finally {
    closeSync(fd);
  }
}

function identity(file: string): string | null {
  try {
    const st = statSync(file, { bigint: true });
    return `${st.ino}-${st.mtimeNs}`;
  } catch {
    return null;
  }
}

/**
 * Takes the lock; both ways are atomic, so of any number of processes starting at once
 * exactly one holds it:
 * - free: the lock is a hard link to a file already holding our pid, so it never exists empty
 *   (a half-written lock once read as "no pid" and was taken over) and `link` fails if another
 *   process made it first;
 * - stale (owner dead): the takers of that very file (inode + mtime) race to create its takeover
 *   marker with `link`, which only one wins; the winner checks the lock is still that file and
 *   renames its own over it. A taker that reads the lock only after the takeover sees a live owner.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_NAME);
  const mine = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o644 });
  let staleFrom: number | undefined;
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (attempt > 0) pause(10 + Math.floor(Math.random() * 20));
      try {
        linkSync(mine, file);
        return held(file, staleFrom);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const current = readLock(file);
      if (!current) continue; // released meanwhile: try again
      const { pid } = current;
      const ours = pid === process.pid;
      if (Number.isInteger(pid) && pid > 0 && (ours ? heldHere.has(file) : isAlive(pid))) {
        throw new DataDirLockedError(pid, dataDir);
      }
      const marker = `${file}.takeover-${current.id}`;
      try {
        linkSync(mine, marker);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        continue; // another process is taking this one over: look again
      }
      try {
        if (identity(file) !== current.id) continue; // taken over (or released) meanwhile
        renameSync(mine, file);
        staleFrom = Number.isInteger(pid) && pid > 0 ? pid : 0;
        return held(file, staleFrom);
      } finally {
        // Only after the rename: a late taker of the old file that wins a new marker finds the lock changed.
        unlinkSync(marker);
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(
    `Could not take the lock ${file}. If no LayerLoft process is using DATA_DIR ${dataDir}, delete ${file} and any ${file}.takeover-* files, then start again.`,
  );
}

function held(file: string, staleFrom: number | undefined): DataDirLock {
  heldHere.add(file);
  let released = false;
  return {
    file,
    ...(staleFrom !== undefined ? { staleFrom } : {}),
    release() {
      if (released) return;
      released = true;
      heldHere.delete(file);
      try {
        if (Number.parseInt(readFileSync(file, 'utf8'), 10) === process.pid) unlinkSync(file);
      } catch {
        /* already gone */
      }
    },
  };
}
