/**
 * A large indexing session (a first sync, a rebuild) leaves search.db compact: the word index's
 * segments merged into one (a term's doclist read once, not once per segment) and no free pages.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SearchIndexer } from './indexer';
import { searchDbPath } from './search-db';

function rowsOf(conversation: number) {
  return Array.from({ length: 100 }, (_, i) => ({ messageIndex: i, role: 'user', scope: 'message' as const, text: `message ${i} of conversation ${conversation}: word${(i * 7 + conversation) % 997}` }));
}

/** FTS5's automerge setting in search.db, as another connection reads it (undefined: FTS5's default, 4). */
function automergeOf(root: string): number | undefined {
  const db = new Database(searchDbPath(root), { readonly: true });
  try {
    return db.prepare("SELECT v FROM message_fts_config WHERE k = 'automerge'").pluck().get() as number | undefined;
  } finally {
    db.close();
  }
}

describe('SearchIndexer after a large session', () => {
  it('merges the word index into one segment and gives free pages back', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-merge-'));
    const indexer = new SearchIndexer(root, { bulk: true }); // as a sync's indexer thread
    // One transaction per conversation, as a sync's batches: each leaves a segment to merge.
    for (let c = 1; c <= 210; c += 1) indexer.index([{ seq: c, id: `codex_${c}`, revision: 1, rows: rowsOf(c), lastActive: new Date(Date.UTC(2026, 0, 1) + c * 60_000).toISOString() }]);
    indexer.index([{ seq: 1, id: 'codex_1', revision: 2, rows: rowsOf(1).slice(0, 10) }]); // a rewrite frees pages
    // Past MERGE_AFTER_ROWS the session merges less as it goes (it merges everything on close)…
    expect(automergeOf(root)).toBe(16);
    indexer.close();
    // …and leaves FTS5's own setting for live indexing.
    expect(automergeOf(root)).toBe(4);
    const db = new Database(searchDbPath(root), { readonly: true });
    try {
      expect(db.prepare('SELECT count(DISTINCT segid) FROM message_fts_idx').pluck().get()).toBe(1);
      expect(db.pragma('freelist_count', { simple: true })).toBe(0);
      expect(db.prepare("SELECT count(*) FROM message_fts WHERE message_fts MATCH 'word5'").pluck().get()).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it("merges only the levels it filled in the app's live indexer, when it wrote a small share of a large index", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-levels-'));
    const at = (c: number) => new Date(Date.UTC(2026, 0, 1) + c * 60_000).toISOString();
    const first = new SearchIndexer(root, { bulk: true });
    // A large archive's index: 84,000 rows in 84 batches, written most by this session, so merged into one segment.
    for (let b = 0; b < 84; b += 1) {
      first.index(Array.from({ length: 10 }, (_, i) => ({ seq: b * 10 + i + 1, id: `codex_${b * 10 + i + 1}`, revision: 1, rows: rowsOf(b * 10 + i + 1), lastActive: at(b * 10 + i + 1) })));
    }
    first.close();
    const segments = () => {
      const db = new Database(searchDbPath(root), { readonly: true });
      try {
        return db.prepare('SELECT DISTINCT segid FROM message_fts_idx ORDER BY segid').pluck().all() as number[];
      } finally {
        db.close();
      }
    };
    const [large] = segments();
    expect(segments()).toEqual([large]);
    // The app's live indexer over a day: 21,000 rows, a quarter of the index or less, many transactions.
    const later = new SearchIndexer(root);
    for (let c = 841; c <= 1050; c += 1) later.index([{ seq: c, id: `codex_${c}`, revision: 1, rows: rowsOf(c), lastActive: at(c) }]);
    later.close();
    // The large segment is not rewritten as the app quits; what the session wrote is merged down to a few segments.
    expect(segments()).toContain(large);
    expect(segments().length).toBeGreaterThan(1);
    expect(segments().length).toBeLessThanOrEqual(8);
    expect(automergeOf(root)).toBe(4);
    const db = new Database(searchDbPath(root), { readonly: true });
    try {
      expect(db.prepare("SELECT count(*) FROM message_fts WHERE message_fts MATCH 'conversation'").pluck().get()).toBe(105_000);
    } finally {
      db.close();
    }
  });

  it('puts back the live setting a bulk session cut short left behind', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-automerge-'));
    new SearchIndexer(root).close();
    const killed = new Database(searchDbPath(root));
    killed.exec("INSERT INTO message_fts (message_fts, rank) VALUES ('automerge', 16)");
    killed.close();
    new SearchIndexer(root).close();
    expect(automergeOf(root)).toBe(4);
  });

  it("keeps FTS5's live setting in the app's live indexer, however many rows it re-indexes", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-live-'));
    const indexer = new SearchIndexer(root);
    for (let c = 1; c <= 210; c += 1) indexer.index([{ seq: c, id: `codex_${c}`, revision: 1, rows: rowsOf(c), lastActive: new Date(Date.UTC(2026, 0, 1) + c * 60_000).toISOString() }]);
    expect(automergeOf(root)).toBeUndefined();
    indexer.close();
  });
});
