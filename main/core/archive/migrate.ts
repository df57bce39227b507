/**
 * Brings an index database up to the newest schema, one numbered migration per transaction.
 * An applied migration whose SQL has since changed is refused loudly: migrations are forever.
 * A migration that moves files runs only when the caller passes the archive root (it then
 * holds the writer lock); without it, migrating stops before that step.
 */
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations';
import type { Migration } from './migrations/migration';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

function hashOf(m: Migration): string {
  return createHash('sha256').update(m.sql).digest('hex').slice(0, 16);
}

/** The archive is behind a migration only the writer may apply. */
export function filesStepPending(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): boolean {
  const current = schemaVersion(db);
  return migrations.some((m) => m.version > current && m.files);
}

export function schemaVersion(db: Database.Database): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}

/** Apply migrations (all, or up to the first that moves files when no `root` is given). Returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS, root?: string): number[] {
  const current = schemaVersion(db);
  const applied = db.prepare('SELECT version, hash FROM schema_migrations').all() as { version: number; hash: string }[];
  for (const row of applied) {
    const known = migrations.find((m) => m.version === row.version);
    if (known && hashOf(known) !== row.hash) {
      throw new MigrationError(`migration ${row.version} (${known.name}) was edited after it was applied`);
    }
  }
  const newest = migrations.at(-1)?.version ?? 0;
  if (current > newest) throw new MigrationError(`archive schema ${current} is newer than this Déjà Vu (${newest}); update the app`);
  const done: number[] = [];
  for (const m of migrations) {
    if (m.version <= current) continue;
    if (m.files) {
      if (root === undefined) break;
      m.files(db, root);
    }
    // Immediate, and checked again inside: another process opening the same new archive may
    // have applied this migration since the version was read above.
    const applied = db.transaction(() => {
      if (schemaVersion(db) >= m.version) return false;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, hash, applied_at) VALUES (?, ?, ?, ?)').run(m.version, m.name, hashOf(m), new Date().toISOString());
      return true;
    }).immediate();
    if (applied) done.push(m.version);
  }
  return done;
}
