/**
 * What a sync's search indexing may hold in memory, by size (main/core/search/README.md, "Memory
 * of a sync"): SQLite's page cache of the indexer's connection, and the text capture may queue
 * for the indexer thread. Both grew a sync's peak RSS with the corpus until they were bounded.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { REPO_ROOT } from '../../../test/fixtures';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { openArchiveWriter } from '../access/open-writer';
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

/** A conversation of `messages` messages of ~20 K characters each. */
function longConversation(id: string, messages: number): Conversation {
  return syntheticConversation(
    id,
    Array.from({ length: messages }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      parts: [{ type: 'text' as const, content: item(i + 1, 1, 20_000).rows[0].text }],
    })),
  );
}

/** A real indexer that records the most text one call to index() was handed. */
class MeasuredIndexer extends SearchIndexer {
  most = 0;
  override index(items: readonly IndexItem[]): void {
    this.most = Math.max(this.most, items.reduce((n, i) => n + i.rows.reduce((m, r) => m + r.text.length, 0), 0));
    super.index(items);
  }
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

  it("catches up from the blobs a few MB of rows at a time, not 64 conversations' rows at once", async () => {
    const root = path.join(work, 'catch-up');
    const writer = openArchiveWriter(root);
    const indexer = new MeasuredIndexer(root);
    try {
      // 12 conversations of ~400 K characters: 4.8 M, which the catch-up used to hold in one batch.
      const conversations = Array.from({ length: 12 }, (_, i) => longConversation(`long${i}`, 20));
      writer.follow.deferIndexing(); // as a deferred sync: archived, search left to the catch-up
      await writer.store(conversations.map((c) => ({ path: c.sourcePath, agent: 'codex' as const, instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [c] })));
      expect(indexer.pending(writer.db)).toHaveLength(12);
      expect(indexer.catchUp(root, writer.db)).toBe(12);
      expect(indexer.pending(writer.db)).toEqual([]);
      expect(indexer.most).toBeGreaterThan(MB);
      expect(indexer.most).toBeLessThanOrEqual(3 * MB);
    } finally {
      indexer.close();
      writer.close();
    }
    const db = openSearchDb(root);
    try {
      expect(searchRowCount(db)).toBe(12 * 20);
    } finally {
      db.close();
    }
  });
});
