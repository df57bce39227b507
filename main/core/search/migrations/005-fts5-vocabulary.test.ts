import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticConversation } from '../../../../test/synthetic-conversation';
import { ArchiveReader } from '../../access/archive-reader';
import { openArchiveWriter } from '../../access/open-writer';
import { migrate } from '../../archive/migrate';
import { SearchIndexer } from '../indexer';
import { searchDbPath } from '../search-db';
import { reversed } from '../vocabulary';
import { SEARCH_MIGRATIONS } from '.';
import { searchMigration005 } from './005-fts5-vocabulary';

describe('search migration 005 (fts5-vocabulary)', () => {
  it('marks the vocabulary to be listed again, once, and a new search.db too', () => {
    const db = new Database(':memory:');
    expect(migrate(db, SEARCH_MIGRATIONS.filter((m) => m.version < 5))).toEqual([1, 2, 3, 4]);
    expect(migrate(db, SEARCH_MIGRATIONS)).toEqual([searchMigration005.version]);
    expect(db.prepare('SELECT pending FROM vocabulary_relist').pluck().all()).toEqual([1]);
  });

  it("has the next indexer list again what an older build's vocabulary held folded by JavaScript, so those words are found", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-search-005-'));
    const texts = ['ΑΘΗΝΑΣ πόλη', 'took 350µs here'];
    const writer = openArchiveWriter(root);
    await writer.store(
      texts.map((t, i) => {
        const c = syntheticConversation(`t${i}`, [{ id: 'm0', role: 'user' as const, parts: [{ type: 'text' as const, content: t }] }], '2026-01-01T00:00:00.000Z');
        return { path: c.sourcePath, agent: c.agent, instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [c] };
      }),
    );
    writer.close();
    // The vocabulary an older build listed: JavaScript's lower case (final ς, µ kept), and the mark migration 005 leaves.
    const search = new Database(searchDbPath(root));
    search.exec("DELETE FROM words; INSERT INTO words_fts (words_fts) VALUES ('delete-all'); INSERT INTO vocabulary_relist (pending) VALUES (1);");
    for (const word of ['αθηνας', 'πόλη', 'took', '350µs', 'here']) {
      const row = search.prepare('INSERT INTO words (word, reversed) VALUES (?, ?)').run(word, reversed(word));
      search.prepare('INSERT INTO words_fts (rowid, word) VALUES (?, ?)').run(row.lastInsertRowid, word);
    }
    search.close();
    const reader = new ArchiveReader(root);
    try {
      const found = (q: string) => reader.search(q).map((h) => h.conversation.id);
      const listed = () => {
        const db = new Database(searchDbPath(root), { readonly: true });
        try {
          return { words: db.prepare('SELECT word FROM words ORDER BY word').pluck().all(), marks: db.prepare('SELECT count(*) FROM vocabulary_relist').pluck().get() };
        } finally {
          db.close();
        }
      };
      // While marked, search reads the rows' text for a term the vocabulary would expand: found, though not listed as the index folds it.
      expect(listed().words).not.toContain('αθηνασ');
      expect(found('αθηνας')).toEqual(['codex_t0']);
      expect(found('350µs')).toEqual(['codex_t1']);
      new SearchIndexer(root).close();
      expect(listed()).toMatchObject({ words: expect.arrayContaining(['αθηνασ', '350μs']), marks: 0 });
      expect(found('αθηνας')).toEqual(['codex_t0']);
      expect(found('350µs')).toEqual(['codex_t1']);
    } finally {
      reader.close();
    }
  });
});
