/**
 * What a sync's search indexing may hold in memory, by size (main/core/search/README.md, "Memory
 * of a sync"): SQLite's page cache of the indexer's connection, and the text capture may queue
 * for the indexer thread. Both grew a sync's peak RSS with the corpus until they were bounded.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/fixtures';
import { type IndexItem, SearchIndexer } from './indexer';
import { searchRowCount } from './indexed-marks';
import { threadIndexSink } from './index-sink';
import { openSearchDb, searchDbPath } from './search-db';

const MB = 1024 * 1024;
/** The indexer thread's bundle, built by the test setup as for the CLI. */
const INDEXER_SCRIPT = path.join(REPO_ROOT, 'out', 'cli', 'indexer.mjs');

/** Rows of `chars` characters each for conversation `seq`: 500 words in a scrambled order (little for deflate to fold). */
function item(seq: number, rows: number, chars: number): IndexItem {
  const text = (r: number) => Array.from({ length: Math.ceil(chars / 6) }, (_, w) => `w${((seq * 7919 + r * 104729 + w * w * 31) >>> 0) % 500}`).join(' ').slice(0, chars);
  return {
    seq,
    id: `c${seq}`,
    revision: 1,
    lastActive: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
    rows: Array.from({ length: rows }, (_, r) => ({ text: text(r), messageIndex: r, scope: 'message' as const, role: 'user' as const })),
  };
}

describe("the search indexer's memory", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-memory-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("keeps at most 2 MB of search.db's pages in memory, however large search.db grows", () => {
    const root = path.join(work, 'cache');
    const indexer = new SearchIndexer(root);
    try {
      for (let seq = 1; seq <= 8; seq += 1) indexer.index([item(seq, 40, 20_000)]);
      // Written so far: the file and its write-ahead log.
      const written = statSync(searchDbPath(root)).size + statSync(`${searchDbPath(root)}-wal`).size;
      expect(written).toBeGreaterThan(2 * MB);
      expect(indexer.pageCacheBytes()).toBeGreaterThan(0);
      expect(indexer.pageCacheBytes()).toBeLessThanOrEqual(2 * MB);
    } finally {
      indexer.close();
    }
  });

  it('lets at most 2 M characters of text wait for the indexer thread, and indexes every row', async () => {
    const root = path.join(work, 'queue');
    // Made before posting: capture hands batches over much faster than they are indexed.
    const batches = Array.from({ length: 12 }, (_, i) => [item(i + 1, 25, 20_000)]);
    const sink = threadIndexSink(root, INDEXER_SCRIPT);
    let most = 0;
    for (const batch of batches) {
      await sink.post(batch);
      most = Math.max(most, sink.waitingChars());
    }
    await sink.finish();
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2 * MB);
    expect(sink.waitingChars()).toBe(0);
    const db = openSearchDb(root);
    try {
      expect(searchRowCount(db)).toBe(12 * 25);
    } finally {
      db.close();
    }
  });
});
