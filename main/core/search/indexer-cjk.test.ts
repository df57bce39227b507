/**
 * A conversation indexed again (a source that grew, a new revision) has each bigram row once in
 * cjk_fts: its earlier rows are found and deleted through cjk_fts's size table, by rowid range
 * (FTS5 answers a range on the table itself by scanning all of it: ~14 ms a conversation at a
 * million messages, indexer.ts).
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { ArchiveReader } from '../access/archive-reader';
import { openArchiveWriter } from '../access/open-writer';
import { searchDbPath } from './search-db';

function saying(texts: readonly string[], at: string): Conversation {
  return syntheticConversation('zh', texts.map((content, i) => ({ id: `m${i}`, role: 'user' as const, parts: [{ type: 'text' as const, content }] })), at);
}

async function store(root: string, c: Conversation, size: number): Promise<void> {
  const writer = openArchiveWriter(root);
  try {
    await writer.store([{ path: c.sourcePath, agent: c.agent, instance: 'host', size, mtimeMs: size, readOffset: size, conversations: [c] }]);
  } finally {
    writer.close();
  }
}

function bigramRows(root: string): number {
  const db = new Database(searchDbPath(root), { readonly: true });
  try {
    return db.prepare('SELECT count(*) FROM cjk_fts_docsize').pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('a conversation indexed again', () => {
  for (const [label, laterAt] of [
    ['under the same row key', '2025-05-01T00:00:00.000Z'],
    ['under a later row key (active again months later)', '2026-02-01T00:00:00.000Z'],
  ] as const) {
    it(`holds each of its bigram rows once, ${label}`, async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-indexer-cjk-'));
      await store(root, saying(['请帮我重构这个函数', '再重构一次', '好的'], '2025-05-01T00:00:00.000Z'), 1);
      expect(bigramRows(root)).toBe(3);
      await store(root, saying(['请帮我重构这个函数', '再重构一次', '好的', '谢谢'], laterAt), 2);
      // The archive keeps every message it once held: the record is the union, four CJK rows.
      expect(bigramRows(root)).toBe(4);
      const reader = new ArchiveReader(root);
      try {
        expect(reader.search('重构').map((h) => [h.conversation.id, h.hitCount])).toEqual([['codex_zh', 2]]);
        expect(reader.search('好的').map((h) => [h.conversation.id, h.hitCount])).toEqual([['codex_zh', 1]]);
      } finally {
        reader.close();
      }
    });
  }
});
