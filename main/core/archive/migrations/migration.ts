/** A numbered, forward-only schema step. Applied ones are recorded with a hash of their SQL. */
import type Database from 'better-sqlite3';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /**
   * Work on the archive's files, done before `sql` and only by the holder of the writer lock.
   * It must be safe to redo: a crash part-way leaves the step unrecorded, so it runs again.
   */
  readonly files?: (db: Database.Database, root: string) => void;
}
