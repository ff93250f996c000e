/**
 * A process that takes the DATA_DIR lock when told (lock.test.ts starts several and tells them all
 * at once). Lines on stdin: `go <dir>` → prints `won` or `lost <message>`; `release` → `released`.
 */
import { createInterface } from 'node:readline';
import { acquireDataDirLock, type DataDirLock } from '../../../server/db/lock';

let lock: DataDirLock | null = null;
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, dir] = line.split(' ');
  if (command === 'go') {
    try {
      lock = acquireDataDirLock(dir!);
      process.stdout.write('won\n');
    } catch (err) {
      process.stdout.write(`lost ${(err as Error).message.replace(/\n/g, ' ')}\n`);
    }
  } else if (command === 'release') {
    lock?.release();
    lock = null;
    process.stdout.write('released\n');
  }
});
process.stdout.write('ready\n');
