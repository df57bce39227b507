/**
 * An archive whose search.db is at the trigram layout (search migration 3) is brought to the
 * word index by the next command that opens it (migration 4 empties it: search.db is derived),
 * `dejavu verify` says what search is missing, and the next `dejavu sync` rebuilds it from the
 * blobs, after which search finds the conversation again.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { migrate } from '../main/core/archive/migrate';
import { rowidOf } from '../main/core/search/row-keys';
import { searchMigration001 } from '../main/core/search/migrations/001-message-fts';
import { searchMigration002 } from '../main/core/search/migrations/002-recency-rows';
import { searchMigration003 } from '../main/core/search/migrations/003-packed-rowids';
import { dejavu } from './cli';
import { FIXTURES_DIR } from './fixtures';

const FILE = path.join(FIXTURES_DIR, 'claude-code/entireio__cli/entire_checkpoints_v1/4c/02af2759b6/0/full.jsonl');

it('rebuilds a trigram-layout search.db as the word index on the next sync, and search finds again', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-search-upgrade-'));
  const env = { DEJAVU_HOME: root, HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-search-upgrade-home-')) };
  expect(dejavu(['import', FILE], env).code).toBe(0);
  const found = () => (JSON.parse(dejavu(['search', '"shadow branches"', '--json'], env).stdout) as { conversation: { id: string } }[]).map((h) => h.conversation.id);
  const [id] = found();
  expect(id).toMatch(/^claude-code_/);

  // search.db as the previous version left it: trigram rows, the conversation marked indexed.
  const index = new Database(path.join(root, 'index.db'), { readonly: true });
  const conv = index.prepare('SELECT seq, revision FROM conversations WHERE id = ?').get(id) as { seq: number; revision: number };
  index.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(root, `search.db${suffix}`), { force: true });
  const old = new Database(path.join(root, 'search.db'));
  migrate(old, [searchMigration001, searchMigration002, searchMigration003]);
  old.prepare("INSERT INTO message_fts (rowid, text, message_index, role, scope) VALUES (?, 'about shadow branches', 0, 'user', 'message')").run(rowidOf(7 * 2 ** 24, 0, 'message', 'user'));
  old.prepare('INSERT INTO indexed (seq, conversation_id, revision, row_count, row_key) VALUES (?, ?, ?, 1, 7)').run(conv.seq, id, conv.revision);
  old.close();

  // Opened at the new layout: emptied, and verify says so (repairable), search finds nothing yet.
  const before = dejavu(['verify'], env);
  expect(before.code).toBe(1);
  expect(before.stdout).toContain('Search has never indexed it, so searching does not find it.');
  expect(found()).toEqual([]);

  const sync = dejavu(['sync'], env);
  expect(sync.code, sync.stderr).toBe(0);
  expect(found()).toEqual([id]);
  expect(dejavu(['verify'], env).code).toBe(0);
});
