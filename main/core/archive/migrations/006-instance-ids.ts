/**
 * A jackin container's conversations get the container in their id (kit/identity.ts
 * `idInInstance`). Archives written before hold them under the host form of the id, and a sync
 * would now store a second copy beside each. So every conversation a container's source files
 * name is renamed (row, parent link, blob file and the record in it, digest, ledger, cursors),
 * keeping its seq and revision (search rows stay valid). A conversation the host's files name
 * too (the same session file in both homes, merged into one) keeps its id; its files are read
 * again, so the container's copy is archived on its own. Order, so a kill anywhere is finished
 * by the next run and no file the index names is removed: (1) one transaction writes the plan
 * into `id_moves` and `id_rereads`; (2) each blob is written under its new name; (3) one
 * transaction renames in the index; (4) old files go; (5) the step is recorded and the plan
 * dropped (the SQL below). Another machine's conversations (`dejavu merge`) are named by no
 * cursor here: they keep the ids they came with.
 */
import type Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';
import { HOST_INSTANCE, idInInstance, instanceOfId } from '../../providers/kit/identity';
import { readBlob, removeBlob, writeBlob } from '../blob-store';
import { blobRelativePath, insideRoot } from '../paths';
import { stringListColumn } from '../rows';
import type { Migration } from './migration';

export const migration006: Migration = {
  version: 6,
  name: 'instance-ids',
  sql: 'DROP TABLE IF EXISTS id_moves; DROP TABLE IF EXISTS id_rereads;',
  files: renameContainerIds,
};

interface Row {
  id: string;
  agent: string;
  workspace: string;
  instance: string;
  parent_id: string | null;
  blob_path: string;
  revision: number;
  retention_stage: number;
  retention_revision: number | null;
}

interface Move {
  id: string;
  new_id: string;
  new_parent: string | null;
  old_path: string;
  new_path: string;
  /** 1: the old file holds this conversation's record, so it is written anew. */
  has_file: number;
}

interface Reread {
  path: string;
  /** The id this source no longer names (the host's copy keeps it), if any. */
  drop_id: string | null;
}

function renameContainerIds(db: Database.Database, root: string): void {
  const { moves, rereads } = planOnce(db);
  crashFor('ids-after-plan');
  for (const m of moves) {
    if (!m.has_file || !existsSync(insideRoot(root, m.old_path))) continue;
    const record = readBlob(root, m.old_path);
    writeBlob(root, m.new_path, { ...record, id: m.new_id, ...(m.new_parent ? { parentId: m.new_parent } : {}) });
    crashFor('ids-after-write');
  }
  commit(db, root, moves, rereads);
  crashFor('ids-after-commit');
  const namers = db.prepare('SELECT count(*) FROM conversations WHERE blob_path = ?').pluck();
  for (const old of new Set(moves.filter((m) => m.has_file).map((m) => m.old_path))) {
    if ((namers.get(old) as number) === 0) removeBlob(root, old);
  }
}

/** The plan of a run that was killed, else a new one (written in one transaction). */
function planOnce(db: Database.Database): { moves: Move[]; rereads: Reread[] } {
  const planned = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'id_moves'").get();
  if (planned) return { moves: db.prepare('SELECT * FROM id_moves').all() as Move[], rereads: db.prepare('SELECT * FROM id_rereads').all() as Reread[] };
  const namedBy = new Map<string, { path: string; instance: string }[]>();
  for (const s of db.prepare('SELECT path, instance, conversation_ids FROM sources').all() as { path: string; instance: string; conversation_ids: string }[]) {
    for (const id of stringListColumn(s.conversation_ids)) namedBy.set(id, [...(namedBy.get(id) ?? []), s]);
  }
  const rows = db.prepare('SELECT id, agent, workspace, instance, parent_id, blob_path, revision, retention_stage, retention_revision FROM conversations').all() as Row[];
  const taken = new Set(rows.map((r) => r.id));
  const moves: Move[] = [];
  const rereads: Reread[] = [];
  for (const r of rows) {
    const sources = namedBy.get(r.id) ?? [];
    const instances = new Set(sources.map((s) => s.instance));
    if (instanceOfId(r.id) !== undefined || sources.length === 0 || (instances.size === 1 && instances.has(HOST_INSTANCE))) continue;
    // Whose conversation the row is: the host's when the host's files name it, else its own instance's.
    const owner = instances.has(HOST_INSTANCE) ? HOST_INSTANCE : instances.has(r.instance) ? r.instance : [...instances].sort()[0];
    const newId = idInInstance(r.id, owner);
    if (newId !== r.id && taken.has(newId)) continue; // archived under its new id already: nothing to rename into
    if (instances.size > 1) {
      // The same file in several homes made one conversation: each other home's file is read again, into its own.
      for (const s of sources) rereads.push({ path: s.path, drop_id: s.instance === owner ? null : r.id });
    }
    if (newId === r.id) continue;
    const stage = r.retention_revision === r.revision ? r.retention_stage : 0;
    moves.push({
      id: r.id,
      new_id: newId,
      new_parent: r.parent_id === null ? null : idInInstance(r.parent_id, owner),
      old_path: r.blob_path,
      new_path: blobRelativePath({ ...r, id: newId }, stage === 1 || stage === 2 ? stage : 0),
      has_file: stage === 3 ? 0 : 1,
    });
  }
  db.transaction(() => {
    db.exec('CREATE TABLE id_moves (id TEXT PRIMARY KEY, new_id TEXT NOT NULL, new_parent TEXT, old_path TEXT NOT NULL, new_path TEXT NOT NULL, has_file INTEGER NOT NULL)');
    db.exec('CREATE TABLE id_rereads (path TEXT NOT NULL, drop_id TEXT)');
    const move = db.prepare('INSERT INTO id_moves (id, new_id, new_parent, old_path, new_path, has_file) VALUES (@id, @new_id, @new_parent, @old_path, @new_path, @has_file)');
    for (const m of moves) move.run(m);
    const reread = db.prepare('INSERT INTO id_rereads (path, drop_id) VALUES (@path, @drop_id)');
    for (const r of rereads) reread.run(r);
  })();
  return { moves, rereads };
}

/** Renames in the index, in one transaction; redone after a kill, it finds nothing left to change. */
function commit(db: Database.Database, root: string, moves: readonly Move[], rereads: readonly Reread[]): void {
  const renamed = new Map(moves.map((m) => [m.id, m.new_id]));
  const dropped = new Map<string, Set<string>>();
  for (const r of rereads) if (r.drop_id) dropped.set(r.path, new Set([...(dropped.get(r.path) ?? []), r.drop_id]));
  const renameRow = db.prepare('UPDATE conversations SET id = @new_id, parent_id = @new_parent, blob_path = @new_path, blob_bytes = MAX(0, blob_bytes + @delta) WHERE id = @id');
  const digestOf = db.prepare('SELECT data FROM digests WHERE conversation_id = ?').pluck();
  const renameDigest = db.prepare('UPDATE digests SET conversation_id = ?, data = ? WHERE conversation_id = ?');
  const renameLedger = db.prepare('UPDATE retention_ledger SET conversation_id = ? WHERE conversation_id = ?');
  const setIds = db.prepare('UPDATE sources SET conversation_ids = ? WHERE path = ?');
  const forceReread = db.prepare('UPDATE sources SET size = -1 WHERE path = ?');
  // Sizes are read before the transaction: the new file is the old record under a longer id.
  const deltas = new Map(moves.map((m) => [m.id, m.has_file ? sizeOf(root, m.new_path) - sizeOf(root, m.old_path) : 0]));
  db.transaction(() => {
    for (const m of moves) {
      renameRow.run({ ...m, delta: deltas.get(m.id) ?? 0 });
      const data = digestOf.get(m.id) as string | undefined;
      if (data !== undefined) renameDigest.run(m.new_id, JSON.stringify({ ...JSON.parse(data), conversationId: m.new_id, ...(m.new_parent ? { parentId: m.new_parent } : {}) }), m.id);
      renameLedger.run(m.new_id, m.id);
    }
    for (const s of db.prepare('SELECT path, conversation_ids FROM sources').all() as { path: string; conversation_ids: string }[]) {
      const ids = stringListColumn(s.conversation_ids);
      const drop = dropped.get(s.path);
      const next = ids.filter((id) => !drop?.has(id)).map((id) => renamed.get(id) ?? id);
      if (next.length !== ids.length || next.some((id, i) => id !== ids[i])) setIds.run(JSON.stringify(next), s.path);
    }
    for (const r of rereads) forceReread.run(r.path);
  })();
}

/** The size of a blob file, 0 when it is not there (the old one after a kill that removed it). */
function sizeOf(root: string, relative: string): number {
  try {
    return statSync(insideRoot(root, relative)).size;
  } catch {
    return 0;
  }
}

/** A test's real SIGKILL at a point of the run (DEJAVU_MIGRATE_CRASH_AT). */
function crashFor(point: 'ids-after-plan' | 'ids-after-write' | 'ids-after-commit'): void {
  if (process.env.DEJAVU_MIGRATE_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
