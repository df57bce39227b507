/** An agent's SQLite store read in one go: opened read-only (never created or changed), closed after. */
import Database from 'better-sqlite3';

/** What `read` gives from the store at `file`; `fallback` when it cannot be opened or read (retried next sync). */
export function readStore<T>(file: string, read: (db: Database.Database) => T, fallback: T): T {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch {
    return fallback;
  }
  try {
    return read(db);
  } catch {
    return fallback;
  } finally {
    db.close();
  }
}
