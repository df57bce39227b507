/** Opens search.db: the full-text index, derived from the archive and rebuildable from it. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrate } from '../archive/migrate';
import { readOnlyName } from '../archive/read-only-open';
import { isReadOnlyFailure } from '../archive/storage-error';
import { openRetryingWhileBusy, switchToWal } from '../archive/wal-mode';
import { SEARCH_MIGRATIONS } from './migrations';
import { searchMigration004 } from './migrations/004-word-index';

const WORD_INDEX_VERSION = searchMigration004.version;

export const SEARCH_FILE = 'search.db';

/** A connection to search.db (its SQL stays in search/). */
export type SearchDb = Database.Database;

export function searchDbPath(root: string): string {
  return path.join(root, SEARCH_FILE);
}

export function openSearchDb(root: string): SearchDb {
  mkdirSync(root, { recursive: true });
  return openRetryingWhileBusy(() => openSearchConnection(root));
}

function openSearchConnection(root: string): SearchDb {
  const db = new Database(searchDbPath(root));
  try {
    // The wait first: switching a new file to WAL takes a write lock another process may hold.
    db.pragma('busy_timeout = 10000');
    switchToWal(db);
    db.pragma('synchronous = NORMAL');
    const applied = migrate(db, SEARCH_MIGRATIONS);
    // A migration that dropped the old index (search.db is rebuilt from the blobs) leaves its pages
    // free inside the file: give them back now, while the tables are empty and a VACUUM costs nothing.
    // A new search.db comes this way too. The VACUUM also turns on incremental auto-vacuum, at no cost
    // of its own: an eviction sweep then gives freed pages back without rewriting the file
    // (compact-search.ts), which for an older search.db costs one VACUUM of it all.
    if (applied.includes(WORD_INDEX_VERSION)) {
      db.pragma('auto_vacuum = INCREMENTAL');
      db.exec('VACUUM');
    }
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * The name a reader attaches search.db by, its schema brought up to date first; in a
 * read-only archive folder, the name a read-only connection can read it by.
 */
export function searchDbForReading(root: string): string {
  try {
    openSearchDb(root).close();
    return searchDbPath(root);
  } catch (err) {
    if (!isReadOnlyFailure(err, root)) throw err;
    return readOnlyName(searchDbPath(root), SEARCH_MIGRATIONS);
  }
}
