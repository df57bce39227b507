/**
 * A short write (a pin, a setting) under the archive's writer lock, so it never lands beside a
 * running writer (a sync, a sweep, a merge): it waits for that writer to finish, up to `waitMs`.
 * A holder that never finishes by itself (live capture: the app, `serve`, `sync --watch`) is
 * not waited for; its busy error says what to do.
 */
import { mkdirSync } from 'node:fs';
import { openWritableIndex, type WritableIndex } from './db';
import { acquireWriterLock, ArchiveBusyError, type WriterLock } from './lock';

/** How long a short write waits for a running sync or sweep by default. */
export const SHORT_WRITE_WAIT_MS = 60_000;

export async function withWriterLock<T>(root: string, write: (db: WritableIndex) => T, waitMs = SHORT_WRITE_WAIT_MS): Promise<T> {
  mkdirSync(root, { recursive: true }); // the first write may come before any sync made the folder (its lock file lives there)
  const lock = await waitForLock(root, waitMs);
  try {
    const db = openWritableIndex(root, lock);
    try {
      return write(db);
    } finally {
      db.close();
    }
  } finally {
    lock.release();
  }
}

async function waitForLock(root: string, waitMs: number): Promise<WriterLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return acquireWriterLock(root, 0);
    } catch (err) {
      if (!(err instanceof ArchiveBusyError) || err.holdsForever || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
