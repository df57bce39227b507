import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationRelation } from '../../../../shared/record';
import { writeBlob } from '../blob-store';
import { asReadable } from '../index-store/handle';
import { linkedRelations } from '../index-store/read-conversations';
import { migrate, schemaVersion } from '../migrate';
import { blobRelativePath, INDEX_FILE } from '../paths';
import { rowValues } from '../rows';
import { migration007 } from './007-relation';
import { MIGRATIONS } from '.';
import { linkedConversation } from '../../../../test/synthetic-conversation';

const BEFORE = MIGRATIONS.filter((m) => m.version < 7);
const THROUGH_7 = MIGRATIONS.filter((m) => m.version <= 7);

/** A session linked under `main` (relation as written; none: written before relations were). */
function hermes(nativeId: string, relation?: ConversationRelation): Conversation {
  return linkedConversation(nativeId, nativeId === 'main' ? undefined : { parent: 'main', relation });
}

/** A schema-6 archive as the previous writer left it: relations only inside the blobs. */
function schema6Archive(): { root: string; db: Database.Database } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-m007-'));
  const db = new Database(path.join(root, INDEX_FILE));
  migrate(db, BEFORE, root);
  const insert = db.prepare(`
    INSERT INTO conversations (id, agent, native_id, workspace, instance, cwd, git_branch, title, started_at, ended_at,
      models, usage, parent_id, parent_tool_call_id, agent_version, source_path, sources, source_deleted,
      warning_count, rewrite_count, message_count, prompt_count, blob_path, blob_bytes, archived_at)
    VALUES (@id, @agent, @native_id, @workspace, @instance, @cwd, @git_branch, @title, @started_at, @ended_at,
      @models, @usage, @parent_id, @parent_tool_call_id, @agent_version, @source_path, @sources, @source_deleted,
      @warning_count, @rewrite_count, @message_count, @prompt_count, @blob_path, @blob_bytes, @archived_at)`);
  const all = [hermes('main'), hermes('delegate', 'subagent'), hermes('compressed', 'continuation'), hermes('older'), hermes('gone', 'continuation'), hermes('dropped', 'fork')];
  for (const c of all) {
    const blob = blobRelativePath(c);
    insert.run(rowValues(c, blob, writeBlob(root, blob, c), false));
  }
  // Its blob removed by hand (no retention step says so), and one retention dropped on purpose.
  rmSync(path.join(root, blobRelativePath(hermes('gone'))));
  db.prepare("UPDATE conversations SET retention_stage = 3, retention_revision = revision WHERE id = 'hermes_dropped'").run();
  return { root, db };
}

const relations = (db: Database.Database) => db.prepare('SELECT id, relation FROM conversations ORDER BY id').all();

describe('migration 007 (relation)', () => {
  it("fills the new column from each linked conversation's blob head; an unreadable or dropped blob leaves it unset (a subagent)", () => {
    const { root, db } = schema6Archive();
    expect(migrate(db, THROUGH_7, root)).toEqual([7]);
    expect(relations(db)).toEqual([
      { id: 'hermes_compressed', relation: 'continuation' },
      { id: 'hermes_delegate', relation: 'subagent' },
      { id: 'hermes_dropped', relation: null },
      { id: 'hermes_gone', relation: null },
      { id: 'hermes_main', relation: null },
      { id: 'hermes_older', relation: null },
    ]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'relation_fill'").get()).toBeUndefined();
  });

  it('is redone whole after a kill between reading the heads and the SQL step', () => {
    const { root, db } = schema6Archive();
    migration007.files!(db, root); // the plan is written, then the process dies
    expect(schemaVersion(db)).toBe(6);
    expect(migrate(db, THROUGH_7, root)).toEqual([7]);
    expect(relations(db)).toContainEqual({ id: 'hermes_compressed', relation: 'continuation' });
  });

  it('leaves the archive at schema 6 for a reader without the writer lock, whose relation list is then empty', () => {
    const { db } = schema6Archive();
    expect(migrate(db, MIGRATIONS)).toEqual([]);
    expect(schemaVersion(db)).toBe(6);
    expect(linkedRelations(asReadable(db))).toEqual(new Map());
  });
});
