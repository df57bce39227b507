/**
 * Puts a connection in WAL mode, for index.db and search.db alike. A new file starts in rollback
 * mode, and the switch reads the header before it takes the write lock: while another process
 * opening the same new archive is writing it (its own switch, a first migration), SQLite refuses
 * that upgrade at once ("database is locked") without calling the busy handler. So the switch is
 * retried here, for as long as the busy wait would have waited.
 */
import type Database from 'better-sqlite3';
import { retrySync } from './retry-sync';

export function switchToWal(db: Database.Database, waitMs = 10_000): void {
  retrySync(() => db.pragma('journal_mode = WAL'), isBusy, waitMs, 5);
}

/**
 * Opens (and migrates) a database again while SQLite says it is busy at once. The busy wait covers
 * a lock held; it does not cover SQLite refusing a lock it could only take by upgrading one it
 * holds (a read becoming a write while another process writes the same new file): CI saw "database
 * is locked" once more with six processes opening a new archive under load, after the switch was
 * covered. Each try is a new connection; migrations are checked again inside their transaction,
 * so a retried open applies each one once.
 */
export function openRetryingWhileBusy<T>(open: () => T, waitMs = 10_000): T {
  return retrySync(open, isBusy, waitMs, 5);
}

export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
