/**
 * Opens an archive database whose folder is read-only (a backup, a read-only mount, another
 * user's archive). SQLite then cannot create the WAL's shared-memory file (-shm): when none
 * is needed — no -wal with commits in it — the main file is the whole database and is opened
 * `immutable`; otherwise, or when its schema is older than this code, a clear error says so.
 */
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from './migrations/migration';
import { ArchiveStorageError, makeWritableHint } from './storage-error';

// Read by better-sqlite3 when it opens its first connection: filenames may then be URIs
// (`file:…?immutable=1`). A plain path never starts with `file:`, so nothing else changes.
process.env.SQLITE_USE_URI ??= '1';

/** The name a read-only connection (or ATTACH) uses for `file`: the path itself when SQLite can read it so. */
export function readOnlyName(file: string, migrations: readonly Migration[]): string {
  const root = path.dirname(file);
  if (!existsSync(file)) throw new ArchiveStorageError(`there is no archive in ${root} (no ${path.basename(file)}) and the folder is read-only, so none can be made there: ${makeWritableHint(root)}`);
  let name = file;
  if (!readable(file)) {
    if (walBytes(file) > 0) {
      throw new ArchiveStorageError(
        `the archive folder ${root} is read-only and ${path.basename(file)} has writes still in ${path.basename(file)}-wal (a Déjà Vu process was stopped mid-write), which cannot be read without writing: ${makeWritableHint(root)}, then run any dejavu command once`,
      );
    }
    name = `${pathToFileURL(file).href}?immutable=1`;
  }
  const db = new Database(name, { readonly: true, fileMustExist: true });
  try {
    checkSchema(db, file, migrations);
  } finally {
    db.close();
  }
  return name;
}

/** A read-only connection to `file` in a read-only folder. */
export function openReadOnly(file: string, migrations: readonly Migration[]): Database.Database {
  return new Database(readOnlyName(file, migrations), { readonly: true, fileMustExist: true });
}

/** True when a plain read-only connection can read `file` (its -wal and -shm exist and are readable). */
function readable(file: string): boolean {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.prepare('SELECT COUNT(*) FROM sqlite_master').get();
      return true;
    } finally {
      db.close();
    }
  } catch {
    return false;
  }
}

function walBytes(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

/** Migrations cannot run without writing: an older schema is an error that says what to do. */
function checkSchema(db: Database.Database, file: string, migrations: readonly Migration[]): void {
  let version = 0;
  try {
    version = (db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number | null) ?? 0;
  } catch {
    version = 0; // no table yet: an archive from before migrations were recorded, or an empty file
  }
  const newest = migrations.at(-1)?.version ?? 0;
  const root = path.dirname(file);
  if (version < newest) {
    throw new ArchiveStorageError(
      `the archive in ${root} was written by an older Déjà Vu (${path.basename(file)} schema ${version}, this one needs ${newest}) and its folder is read-only, so it cannot be upgraded: ${makeWritableHint(root)}, then run any dejavu command once to upgrade it`,
    );
  }
  if (version > newest) throw new ArchiveStorageError(`the archive in ${root} was written by a newer Déjà Vu (${path.basename(file)} schema ${version}, this one knows ${newest}): update Déjà Vu`);
}
