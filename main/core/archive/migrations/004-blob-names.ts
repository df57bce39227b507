/**
 * Blob files get collision-free names (paths.ts `blobStem`). Schemas 1–3 cut ids to 100 bytes
 * and sanitized them, so two long ids (or `x.` and `x`) could share one file, the later store
 * overwriting the earlier. Order, so a kill anywhere is finished by the next run and no file
 * the index names is removed: (1) one transaction writes the plan into `blob_moves`; (2) each
 * blob is copied to its new name; (3) one transaction points the index at the new names;
 * (4) old files go; (5) the step is recorded and the plan dropped (the SQL below).
 * Where two conversations shared a file, the record in it says whose it is. The other one's
 * record was overwritten long ago: it gets no file (never the other's record), and its source
 * files are read again by the next sync.
 */
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { copyBlob, readBlob, removeBlob } from '../blob-store';
import { blobRelativePath, insideRoot } from '../paths';
import type { Migration } from './migration';

export const migration004: Migration = {
  version: 4,
  name: 'blob-names',
  sql: 'DROP TABLE IF EXISTS blob_moves;',
  files: moveBlobs,
};

interface Row {
  id: string;
  agent: string;
  workspace: string;
  instance: string;
  blob_path: string;
  revision: number;
  retention_stage: number;
  retention_revision: number | null;
}

interface Move {
  id: string;
  old_path: string;
  new_path: string;
  /** 1: the old file holds this conversation's record, so it is copied. */
  has_file: number;
  /** 1: another conversation's record overwrote this one's. */
  lost: number;
}

function moveBlobs(db: Database.Database, root: string): void {
  const moves = planOnce(db, root);
  crashFor('after-plan');
  for (const m of moves) {
    if (!m.has_file || m.old_path === m.new_path || !existsSync(insideRoot(root, m.old_path))) continue;
    copyBlob(root, m.old_path, m.new_path);
    crashFor('after-copy');
  }
  const setPath = db.prepare('UPDATE conversations SET blob_path = ? WHERE id = ?');
  const forgetBlob = db.prepare('UPDATE conversations SET blob_bytes = 0 WHERE id = ?');
  const rereadSources = db.prepare('UPDATE sources SET size = -1 WHERE path IN (SELECT value FROM json_each((SELECT sources FROM conversations WHERE id = ?)))');
  db.transaction(() => {
    for (const m of moves) {
      setPath.run(m.new_path, m.id);
      if (!m.lost) continue;
      forgetBlob.run(m.id);
      rereadSources.run(m.id);
    }
  })();
  crashFor('after-commit');
  // An old file goes once no conversation names it, or only ones whose record it does not hold.
  const lost = new Set(moves.filter((m) => m.lost).map((m) => m.id));
  const namers = db.prepare('SELECT id FROM conversations WHERE blob_path = ?').pluck();
  for (const old of new Set(moves.map((m) => m.old_path))) {
    if ((namers.all(old) as string[]).every((id) => lost.has(id))) removeBlob(root, old);
  }
}

/** The plan of a run that was killed, else a new one (written in one transaction). */
function planOnce(db: Database.Database, root: string): Move[] {
  const planned = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'blob_moves'").get();
  if (planned) return db.prepare('SELECT * FROM blob_moves').all() as Move[];
  const rows = db.prepare('SELECT id, agent, workspace, instance, blob_path, revision, retention_stage, retention_revision FROM conversations').all() as Row[];
  const byPath = new Map<string, Row[]>();
  for (const r of rows) byPath.set(r.blob_path, [...(byPath.get(r.blob_path) ?? []), r]);
  const moves: Move[] = [];
  for (const [old, sharing] of byPath) {
    const owner = sharing.length > 1 ? recordIn(root, old) : sharing[0].id;
    for (const r of sharing) {
      const stage = r.retention_revision === r.revision ? r.retention_stage : 0;
      const dropped = stage === 3; // retention removed its file on purpose: nothing to move or re-read
      const next = blobRelativePath(r, stage === 1 || stage === 2 ? stage : 0);
      const lost = !dropped && r.id !== owner;
      if (next === old && !lost) continue;
      moves.push({ id: r.id, old_path: old, new_path: next, has_file: !dropped && r.id === owner ? 1 : 0, lost: lost ? 1 : 0 });
    }
  }
  db.transaction(() => {
    db.exec('CREATE TABLE blob_moves (id TEXT PRIMARY KEY, old_path TEXT NOT NULL, new_path TEXT NOT NULL, has_file INTEGER NOT NULL, lost INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO blob_moves (id, old_path, new_path, has_file, lost) VALUES (@id, @old_path, @new_path, @has_file, @lost)');
    for (const m of moves) insert.run(m);
  })();
  return moves;
}

/** The id of the conversation a shared file holds, if it can be read. */
function recordIn(root: string, relative: string): string | undefined {
  try {
    return readBlob(root, relative).id;
  } catch {
    return undefined;
  }
}

/** A test's real SIGKILL at a point of the run (DEJAVU_MIGRATE_CRASH_AT). */
function crashFor(point: 'after-plan' | 'after-copy' | 'after-commit'): void {
  if (process.env.DEJAVU_MIGRATE_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
