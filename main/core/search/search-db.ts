/** Opens search.db: the full-text index, derived from the archive and rebuildable from it. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrate } from '../archive/migrate';
import { SEARCH_MIGRATIONS } from './migrations';

export const SEARCH_FILE = 'search.db';

export function searchDbPath(root: string): string {
  return path.join(root, SEARCH_FILE);
}

export function openSearchDb(root: string): Database.Database {
  mkdirSync(root, { recursive: true });
  const db = new Database(searchDbPath(root));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 10000');
  migrate(db, SEARCH_MIGRATIONS);
  return db;
}
