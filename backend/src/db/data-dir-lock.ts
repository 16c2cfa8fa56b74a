import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/** The lock file in a PGlite data folder: which process has the folder open. */
export const LOCK_FILE = 'lunette.lock';

interface LockRecord {
  pid: number;
  host: string;
  since: string;
}

/** Folders this process holds, by folder: their lock files (a second open in this process is refused too). */
const held = new Map<string, string>();
let exitHookInstalled = false;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(file: string): LockRecord | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockRecord;
  } catch {
    return null;
  }
}

function releaseFile(file: string) {
  if (readRecord(file)?.pid === process.pid) rmSync(file, { force: true });
}

/** The refusal of a data folder another process holds: a reason to stop, said in one line, not a crash. */
export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
}

/**
 * Takes a PGlite data folder for this process, or refuses with a message naming the process that has
 * it: PGlite is one process's database, and two processes on one folder silently diverge.
 * A lock left by a process that is gone (its pid dead on this host, or our own pid reused after a
 * crash) is stale and taken over.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  if (held.has(dir)) throw new Error(`The database folder ${dir} is already open in this process (pid ${process.pid}).`);
  const record: LockRecord = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(record)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const other = readRecord(file);
      const stale = !other || (other.host === record.host && (other.pid === process.pid || !isAlive(other.pid)));
      if (!stale)
        throw new DataDirInUse(
          `The database folder ${dir} is in use by another process (pid ${other.pid} on ${other.host}, since ${other.since}). ` +
            'PGlite serves one process: stop that process, give this one another DATA_DIR, or share a PostgreSQL server between ' +
            `processes with DATABASE_URL. If no such process runs, delete ${file}.`,
        );
      rmSync(file, { force: true });
    }
  }
  held.set(dir, file);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A process that exits without closing its database (an uncaught error) leaves no lock behind.
    process.on('exit', () => {
      for (const lockFile of held.values()) releaseFile(lockFile);
    });
  }
  return {
    release() {
      if (held.delete(dir)) releaseFile(file);
    },
  };
}
