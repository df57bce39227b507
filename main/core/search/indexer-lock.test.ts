/**
 * The indexer's write transactions against a real second process writing search.db for a moment
 * (as evict's search compaction or another writer's connection does): an immediate transaction
 * waits for the lock; a deferred one, which reads before it writes, is refused at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { type IndexItem, SearchIndexer } from './indexer';
import { searchDbPath } from './search-db';
import { searchRows } from './search-rows';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-lock-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** A process that takes the write lock of `file`, says so, and commits after `holdMs`. */
function writerHolding(file: string, holdMs: number): Promise<ChildProcess> {
  const script = `
    const Database = require(${JSON.stringify(driver)});
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('writing\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${holdMs});`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`writer exited with ${code}`)));
  });
}

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
      const writer = await writerHolding(searchDbPath(root), 400);
      const started = Date.now();
      indexer.index([item(2)]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200); // it waited for the other writer
      await new Promise((resolve) => writer.once('exit', resolve));
      indexer.forget([1]);
    } finally {
      indexer.close();
    }
  });
});
