/**
 * A huge conversation's search rows are made and indexed a piece at a time (indexPiecesOf): the
 * rows indexed must be those of one whole batch, and a run stopped between pieces must leave the
 * conversation to the catch-up, never marked indexed with part of its rows.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { openArchiveWriter } from '../access/open-writer';
import type { StoredConversation } from '../archive/changes';
import { type IndexItem, indexPiecesOf, SearchIndexer } from './indexer';
import { storedRows } from './indexed-marks';
import { openSearchDb } from './search-db';
import { searchRows } from './search-rows';
import { syntheticConversation } from '../../../test/synthetic-conversation';

function conversation(id: string, n: number): Conversation {
  return syntheticConversation(
    id,
    Array.from({ length: n }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      parts: [{ type: 'text' as const, content: `${id} says ${i} ${'word '.repeat(i % 7)}` }, { type: 'tool_call' as const, id: `t${i}`, name: 'Read', arguments: `{"file_path":"/src/${id}/${i}.ts"}` }],
    })),
  );
}

function indexedRows(root: string): unknown[] {
  const db = openSearchDb(root);
  try {
    return storedRows(db);
  } finally {
    db.close();
  }
}

function marks(root: string): unknown[] {
  const db = openSearchDb(root);
  try {
    return db.prepare('SELECT seq, conversation_id, revision, row_count FROM indexed ORDER BY seq').all();
  } finally {
    db.close();
  }
}

const stored: StoredConversation[] = [
  { conversation: conversation('small', 3), seq: 1, revision: 1 },
  { conversation: conversation('huge', 400), seq: 2, revision: 3 },
  { conversation: conversation('after', 5), seq: 3, revision: 1 },
];

describe('indexPiecesOf', () => {
  it('cuts a huge conversation into pieces of bounded text, indexed to the same rows as one batch', () => {
    const pieces = [...indexPiecesOf(stored, 2000)];
    expect(pieces.length).toBeGreaterThan(10);
    for (const batch of pieces) expect(batch.reduce((n, item) => n + item.rows.reduce((m, r) => m + r.text.length, 0), 0)).toBeLessThanOrEqual(2000);
    expect(pieces.flat().flatMap((item) => item.rows)).toEqual(stored.flatMap((s) => searchRows(s.conversation)));

    const [whole, inPieces] = [mkdtempSync(path.join(os.tmpdir(), 'dejavu-pieces-')), mkdtempSync(path.join(os.tmpdir(), 'dejavu-pieces-'))];
    const one = new SearchIndexer(whole);
    one.index([...indexPiecesOf(stored, Number.MAX_SAFE_INTEGER)].flat());
    one.close();
    const many = new SearchIndexer(inPieces);
    for (const batch of pieces) many.index(batch);
    many.close();
    expect(indexedRows(inPieces)).toEqual(indexedRows(whole));
    expect(marks(inPieces)).toEqual([
      { seq: 1, conversation_id: 'codex_small', revision: 1, row_count: 6 },
      { seq: 2, conversation_id: 'codex_huge', revision: 3, row_count: 800 },
      { seq: 3, conversation_id: 'codex_after', revision: 1, row_count: 10 },
    ]);
  });

  it('leaves a conversation stopped between its pieces to the catch-up, which indexes it whole', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-pieces-stop-'));
    const writer = openArchiveWriter(root);
    const huge = conversation('huge', 400);
    await writer.store([{ path: huge.sourcePath, agent: 'codex', instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [huge] }]);
    const row = writer.row(huge.id)!;
    const indexer = new SearchIndexer(root);
    try {
      // Its first pieces only, as when a run is killed before the last is indexed.
      const pieces: IndexItem[][] = [...indexPiecesOf([{ conversation: huge, seq: row.seq, revision: row.revision + 1 }], 2000)];
      for (const batch of pieces.slice(0, 3)) indexer.index(batch);
      expect(indexer.pending(writer.db).map((p) => p.id)).toEqual([huge.id]);
      expect(marks(root)).toEqual([{ seq: row.seq, conversation_id: huge.id, revision: -1, row_count: expect.any(Number) as number }]);
      indexer.catchUp(root, writer.db);
      expect(indexer.pending(writer.db)).toEqual([]);
      expect(marks(root)).toEqual([{ seq: row.seq, conversation_id: huge.id, revision: row.revision, row_count: 800 }]);
    } finally {
      indexer.close();
      writer.close();
    }
  });
});
