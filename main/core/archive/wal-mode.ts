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

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
