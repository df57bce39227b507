/** Opens the index database with the pragmas every connection needs. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { acquireWriterLock, ArchiveBusyError } from './lock';
import { filesStepPending, migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { INDEX_FILE } from './paths';
import { openReadOnly } from './read-only-open';
import { isReadOnlyFailure } from './storage-error';

export type IndexDb = Database.Database;

/**
 * A connection that may write: creates the archive folder and migrates the schema. The archive's
 * writer passes `holdsWriterLock`; anyone else takes the lock for a migration that moves files.
 */
export function openWritableIndex(root: string, holdsWriterLock = false): IndexDb {
  mkdirSync(root, { recursive: true });
  const db = new Database(path.join(root, INDEX_FILE));
  try {
    // The wait first: switching a new file to WAL takes a write lock another process may hold.
    db.pragma('busy_timeout = 10000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrateIndex(db, root, holdsWriterLock);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

function migrateIndex(db: IndexDb, root: string, holdsWriterLock: boolean): void {
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

/**
 * A reader's connection. It migrates too when it is first to open the archive (so a fresh
 * archive reads as empty, not as an error), then only reads. An archive in a read-only folder
 * is opened read-only instead.
 */
export function openReadableIndex(root: string): IndexDb {
  let db: IndexDb;
  try {
    db = openWritableIndex(root);
  } catch (err) {
    if (!isReadOnlyFailure(err, root)) throw err;
    return openReadOnly(path.join(root, INDEX_FILE), MIGRATIONS);
  }
  db.pragma('query_only = ON');
  return db;
}
