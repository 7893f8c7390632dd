// One `orch up` per data directory: two apiservers writing one SQLite file would each miss the
// other's changes in their watches. The lock is a pid file; one left by a process that is gone is
// taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DataDirLock {
  release(): void;
}

export const LOCK_FILE = 'orch.pid';

/** Takes the lock of `root`, or throws naming the process that holds it. */
export function lockDataDir(root: string, pid: number = process.pid): DataDirLock {
  const file = join(root, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${pid}\n`, { flag: 'wx' });
      return {
        release() {
          if (holder(file) === pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const other = holder(file);
      if (other !== undefined && other !== pid && isAlive(other)) {
        throw new Error(`${root} is in use by another orch up (pid ${other}); stop it first or choose another --data-dir`);
      }
      // Left behind by a process that is gone (or unreadable): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot lock ${root}: ${file} keeps reappearing`);
}

function holder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
