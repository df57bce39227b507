/**
 * Handles to index.db, typed apart. A reader holds a `ReadableIndex`: it exposes no SQL and no
 * write, only what the read store's functions (read-*.ts) take. A `WritableIndex` is what the
 * write store's functions (write-*.ts) take, and only the writer lock gives one (db.ts
 * `openWritableIndex` asks for the lock itself). So a reader handing its handle to a write is a
 * type error; and a handle cast past the types is refused at run time (ReadOnlyIndexError).
 * Only the data layer (archive/) and search's ATTACHed walk see the connection itself.
 */
import type Database from 'better-sqlite3';

declare const READS: unique symbol;
declare const WRITES: unique symbol;

/** index.db opened for reading (a surface, search, a check). */
export interface ReadableIndex {
  readonly [READS]: true;
  close(): void;
}

/** index.db opened by the holder of the writer lock: it reads and writes. */
export interface WritableIndex extends ReadableIndex {
  readonly [WRITES]: true;
}

export class ReadOnlyIndexError extends Error {
  override readonly name = 'ReadOnlyIndexError';
}

/** Connections opened under the writer lock; any other refuses the write store. */
const writable = new WeakSet<Database.Database>();

export function asReadable(db: Database.Database): ReadableIndex {
  return db as unknown as ReadableIndex;
}

/** Only db.ts calls this, for a connection it opened under the writer lock. */
export function asWritable(db: Database.Database): WritableIndex {
  writable.add(db);
  return db as unknown as WritableIndex;
}

/** The connection behind a handle, to read through (the read store, search's walk). */
export function connectionOf(index: ReadableIndex): Database.Database {
  return index as unknown as Database.Database;
}

/** Read another database through this connection, under `schema` (search.db, as `search`). */
export function attachDatabase(index: ReadableIndex, file: string, schema: string): void {
  connectionOf(index).prepare(`ATTACH DATABASE ? AS ${schema}`).run(file);
}

/** The connection behind a writable handle; refuses one that was opened for reading. */
export function writeConnectionOf(index: WritableIndex): Database.Database {
  const db = connectionOf(index);
  if (!writable.has(db)) {
    throw new ReadOnlyIndexError(
      'this index.db handle was opened for reading and cannot write: a write goes through the archive writer (access/open-writer.ts) or withWriterLock (archive/locked-write.ts), under the writer lock',
    );
  }
  return db;
}

/** Several writes as one transaction (all or none). */
export function inTransaction<T>(index: WritableIndex, write: () => T): T {
  return writeConnectionOf(index).transaction(write).immediate();
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * How many prepared statements a connection keeps. Search's SQL varies with the query's shape
 * (its filters, roles, tools), so the least recently used are let go past this.
 */
export const STATEMENTS_PER_CONNECTION = 128;

/** A statement prepared once per connection (the hot paths: a row per search hit, a digest per stored conversation). */
export function statementOf(db: Database.Database, sql: string): Database.Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let statement = byText.get(sql);
  if (statement) byText.delete(sql); // set again below: the Map's order is the order of use
  else statement = db.prepare(sql);
  byText.set(sql, statement);
  if (byText.size > STATEMENTS_PER_CONNECTION) byText.delete(byText.keys().next().value!);
  return statement;
}

/** How many statements a connection keeps prepared (for tests). */
export function preparedCount(db: Database.Database): number {
  return statements.get(db)?.size ?? 0;
}

/** Truncate the write-ahead log (the end of an eviction sweep). */
export function checkpointIndex(index: WritableIndex): void {
  writeConnectionOf(index).pragma('wal_checkpoint(TRUNCATE)');
}
