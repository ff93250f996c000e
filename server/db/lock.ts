import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite serves one process per data folder: two processes writing the same files corrupt them.
 * The lock is a file holding the owner's pid, created atomically ('wx'). A lock whose pid is dead
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

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_NAME);
  let staleFrom: number | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
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
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let pid: number;
    try {
      pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // removed meanwhile: retry
    }
    const ours = pid === process.pid;
    if (Number.isInteger(pid) && pid > 0 && (ours ? heldHere.has(file) : isAlive(pid))) {
      throw new DataDirLockedError(pid, dataDir);
    }
    try {
      unlinkSync(file); // stale: its owner is gone
      staleFrom = Number.isInteger(pid) && pid > 0 ? pid : 0;
    } catch {
      /* someone else took it over first; retry */
    }
  }
  throw new Error(`Could not take the lock ${file}; try again`);
}
