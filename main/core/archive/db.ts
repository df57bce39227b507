/** Opens the index database with the pragmas every connection needs. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { INDEX_FILE } from './paths';
import { openReadOnly } from './read-only-open';
import { isReadOnlyFailure } from './storage-error';

export type IndexDb = Database.Database;

/** The writer's connection: creates the archive folder and migrates the schema. */
export function openWritableIndex(root: string): IndexDb {
  mkdirSync(root, { recursive: true });
  const db = new Database(path.join(root, INDEX_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 10000');
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
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
