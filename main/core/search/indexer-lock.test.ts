/**
 * The indexer's write transactions against a real second process writing search.db for a moment
 * (as evict's search compaction or another writer's connection does): an immediate transaction
 * waits for the lock; a deferred one, which reads before it writes, is refused at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, writerHolding } from '../../../test/sqlite-writer';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { type IndexItem, SearchIndexer } from './indexer';
import { searchDbPath } from './search-db';
import { searchRows } from './search-rows';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-lock-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function item(seq: number): IndexItem {
  const c = syntheticConversation(`lock${seq}`, [{ id: 'm0', role: 'user', parts: [{ type: 'text', content: `lockword${seq} typed here` }] }]);
  return { seq, id: c.id, revision: 1, rows: searchRows(c) };
}

describe('the search indexer beside another writer', () => {
  it('waits for another process writing search.db instead of failing with "database is locked"', async () => {
    const root = path.join(tmp, 'archive');
    const indexer = new SearchIndexer(root);
    try {
      indexer.index([item(1)]);
      // Held well past the wait checked: the test files run two at a time, and this one may be slow to start its write.
      const writer = await writerHolding(searchDbPath(root), 1200);
      const started = Date.now();
      indexer.index([item(2)]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200); // it waited for the other writer
      await exited(writer);
      indexer.forget([1]);
    } finally {
      indexer.close();
    }
  });
});
