/**
 * A session that writes most of the index (a first sync's thread, a rebuild) lists its vocabulary
 * by walking the index's terms instead of cutting every row a second time: the words must come
 * out the same, be found during the session for at least half its rows, and survive the session
 * being cut short. A session into a larger index keeps listing each batch's words as it commits.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type IndexItem, SearchIndexer } from './indexer';
import { searchDbPath } from './search-db';
import { planTerm, VocabularyReader } from './search-terms';

/** A conversation's rows, with words of its own (`w<c>x<i>`) beside shared ones. */
function item(c: number, rows = 50): IndexItem {
  return {
    seq: c,
    id: `codex_${c}`,
    revision: 1,
    lastActive: new Date(Date.UTC(2026, 0, 1) + c * 60_000).toISOString(),
    rows: Array.from({ length: rows }, (_, i) => ({ messageIndex: i, role: 'user', scope: 'message' as const, text: `Résumé ${i} of w${c}x${i} and λόγος 重构 ${'z'.repeat(300)}` })),
  };
}

function read<T>(root: string, sql: string): T[] {
  const db = new Database(searchDbPath(root), { readonly: true });
  try {
    return db.prepare(sql).pluck().all() as T[];
  } finally {
    db.close();
  }
}
const words = (root: string) => new Set(read<string>(root, 'SELECT word FROM words'));
const marked = (root: string) => read<number>(root, 'SELECT count(*) FROM vocabulary_relist')[0] > 0;

describe('a deferred vocabulary', () => {
  it('lists the same words as a batch-by-batch session, marked in search.db until it is listed', () => {
    const staged = mkdtempSync(path.join(os.tmpdir(), 'dejavu-vocab-staged-'));
    const live = new SearchIndexer(staged); // the app's live indexer never defers
    for (let c = 1; c <= 60; c += 1) live.index([item(c)]);
    expect(marked(staged)).toBe(false);
    live.close();

    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-vocab-deferred-'));
    const bulk = new SearchIndexer(root, { bulk: true }); // a sync's thread, into an empty index
    for (let c = 1; c <= 60; c += 1) bulk.index([item(c)]);
    expect(marked(root)).toBe(true);
    // Listed from the index as the session goes: at least the words of half its rows (here 3,000).
    const during = words(root);
    for (let c = 1; c <= 30; c += 1) expect(during.has(`w${c}x49`), `w${c}x49`).toBe(true);
    expect(during.has('w60x49')).toBe(false);
    bulk.close();
    expect(marked(root)).toBe(false);
    expect([...words(root)].sort()).toEqual([...words(staged)].sort());
    expect(words(root).has('w60x49')).toBe(true);
    expect(words(root).has('λόγοσ')).toBe(true); // folded as FTS5 folds it
    expect(words(root).has('重构')).toBe(false); // CJK alone: cjk_fts finds it
  });

  it("cut short (no close), is listed by the next sync's indexer to open search.db, not by the app's live one", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-vocab-cut-'));
    const cut = new SearchIndexer(root, { bulk: true });
    for (let c = 1; c <= 10; c += 1) cut.index([item(c)]);
    expect(words(root).has('w10x0')).toBe(false);
    // The app's live indexer, on its main process, leaves the walk of the whole index to a sync's thread.
    new SearchIndexer(root).close();
    expect(words(root).has('w10x0')).toBe(false);
    expect(marked(root)).toBe(true);
    const next = new SearchIndexer(root, { bulk: true }); // the next sync's thread, after the first one's process died
    expect(words(root).has('w10x0')).toBe(true);
    expect(marked(root)).toBe(false);
    next.close();
    // The cut session goes on (here: it was not dead): its batches mark search.db again.
    cut.index([item(11)]);
    expect(marked(root)).toBe(true);
    cut.close();
    expect(words(root).has('w11x0')).toBe(true);
  });

  it('makes search check the text of a term the vocabulary would expand, until it is listed: no word of it is missed, nor left in by an exclusion', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-vocab-plan-'));
    const bulk = new SearchIndexer(root, { bulk: true });
    for (let c = 1; c <= 10; c += 1) bulk.index([item(c)]);
    const plan = (term: string) => {
      const db = new Database(':memory:');
      try {
        db.prepare('ATTACH DATABASE ? AS search').run(searchDbPath(root));
        return planTerm(new VocabularyReader(db), term);
      } finally {
        db.close();
      }
    };
    // Its words (w1x0) are not listed yet: only the rows' text can answer it.
    expect(plan('1x0')).toEqual({ check: true });
    bulk.close();
    expect(plan('1x0')).toMatchObject({ check: false, match: expect.stringContaining('"w1x0"') });
  });

  it('is not used by a session into a larger index: each batch lists its words as it commits', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-vocab-larger-'));
    const first = new SearchIndexer(root, { bulk: true });
    for (let c = 1; c <= 40; c += 1) first.index([item(c)]);
    first.close();
    const daily = new SearchIndexer(root, { bulk: true }); // a day's sync into it
    daily.index([item(41)]);
    expect(marked(root)).toBe(false);
    expect(words(root).has('w41x49')).toBe(true);
    daily.close();
  });
});
