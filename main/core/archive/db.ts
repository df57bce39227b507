/** Opens the index database with the pragmas every connection needs, as a readable or a writable handle. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { asReadable, asWritable, type ReadableIndex, type WritableIndex } from './index-store/handle';
import { acquireWriterLock, ArchiveBusyError, type WriterLock } from './lock';
import { filesStepPending, migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { INDEX_FILE } from './paths';
import { openReadOnly } from './read-only-open';
import { isReadOnlyFailure } from './storage-error';
import { openRetryingWhileBusy, switchToWal } from './wal-mode';

export type { ReadableIndex, WritableIndex } from './index-store/handle';

/**
 * The writer's connection: creates the archive folder and migrates the schema. Only the holder
 * of the writer lock gets one (the lock is the proof).
 */
export function openWritableIndex(root: string, _lock: WriterLock): WritableIndex {
  const db = openConnection(root, true);
  db.pragma(`cache_size = -${WRITER_CACHE_KIB}`);
  return asWritable(db);
}

/**
 * SQLite's page cache of the writer's connection, in KiB. better-sqlite3's default, 16 MB per
 * connection, filled as index.db outgrew it during a first sync of 1 GB: ~20 MB of its peak RSS
 * (main/core/search/README.md, "Memory of a sync"). Readers keep the default.
 */
const WRITER_CACHE_KIB = 2000;

/** A connection that may write (to migrate); anyone but the writer takes the lock for a migration that moves files. */
function openConnection(root: string, holdsWriterLock: boolean): Database.Database {
  mkdirSync(root, { recursive: true });
  return openRetryingWhileBusy(() => openMigrated(root, holdsWriterLock));
}

function openMigrated(root: string, holdsWriterLock: boolean): Database.Database {
  const db = new Database(path.join(root, INDEX_FILE));
  try {
    // The wait first: switching a new file to WAL takes a write lock another process may hold.
    db.pragma('busy_timeout = 10000');
    switchToWal(db);
    db.pragma('synchronous = NORMAL');
    migrateIndex(db, root, holdsWriterLock);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

function migrateIndex(db: Database.Database, root: string, holdsWriterLock: boolean): void {
  if (holdsWriterLock) {
    migrate(db, undefined, root);
    return;
  }
  migrate(db);
  if (!filesStepPending(db)) return;
  let lock;
  try {
    lock = acquireWriterLock(root);
  } catch (err) {
    // A writer holds the archive: it migrates it when it opens. Until then, read it as it is.
    if (err instanceof ArchiveBusyError) return;
    throw err;
  }
  try {
    migrate(db, undefined, root);
  } finally {
    lock.release();
  }
}

/** Another archive's index (a merge's source), read as it is: never migrated nor written, whatever its folder. */
export function openIndexUnchanged(root: string): ReadableIndex {
  return asReadable(openReadOnly(path.join(root, INDEX_FILE), MIGRATIONS));
}

/**
 * A reader's connection. It migrates too when it is first to open the archive (so a fresh
 * archive reads as empty, not as an error), then only reads (SQLite refuses a write on it). An
 * archive in a read-only folder is opened read-only instead.
 */
export function openReadableIndex(root: string): ReadableIndex {
  let db: Database.Database;
  try {
    db = openConnection(root, false);
  } catch (err) {
    if (!isReadOnlyFailure(err, root)) throw err;
    return asReadable(openReadOnly(path.join(root, INDEX_FILE), MIGRATIONS));
  }
  db.pragma('query_only = ON');
  return asReadable(db);
}
