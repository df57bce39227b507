/**
 * One writer per archive: sync and eviction take this lock file. A lock left by a killed
 * process (its pid is gone) is taken over, so a crash never wedges the archive.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { LOCK_FILE } from './paths';

export class ArchiveBusyError extends Error {
  override readonly name = 'ArchiveBusyError';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface WriterLock {
  release(): void;
}

export function acquireWriterLock(root: string): WriterLock {
  const file = path.join(root, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSafe(file), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new ArchiveBusyError(`another Déjà Vu process (pid ${pid}) is writing this archive`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new ArchiveBusyError('could not take the archive write lock');
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
