/**
 * The writer's change feed: each commit is published once durable, with the seq and revision
 * its index row got; a commit nobody subscribed to fails loudly, after the row is committed
 * (the index row is the durable log subscribers catch up from).
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { ArchiveWriter, type ParsedSource } from './archive-writer';
import type { ArchiveChange } from './changes';

function source(id: string, text: string): ParsedSource {
  const conversation: Conversation = {
    id,
    agent: 'claude-code',
    nativeId: id,
    workspace: 'demo',
    instance: 'host',
    sourcePath: `/src/${id}.jsonl`,
    sources: [`/src/${id}.jsonl`],
    startedAt: '2026-01-01T00:00:00.000Z',
    models: [],
    warnings: [],
    messages: [{ id: 'm0', role: 'user', parts: [{ type: 'text', content: text }] }],
  } as unknown as Conversation;
  return { path: conversation.sourcePath, agent: 'claude-code', instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [conversation] };
}

describe('the writer change feed', () => {
  it('publishes each commit with the row’s seq and revision, after it is durable', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-changes-'));
    const writer = new ArchiveWriter(root);
    const seen: { kind: ArchiveChange['kind']; id: string; seq: number; revision: number; rowRevision: number }[] = [];
    writer.changes.subscribe((change) => {
      // Another connection already sees the commit when subscribers hear of it.
      const other = new Database(path.join(root, 'index.db'), { readonly: true });
      try {
        for (const c of change.conversations) {
          const row = other.prepare('SELECT revision FROM conversations WHERE id = ?').get(c.conversation.id) as { revision: number };
          seen.push({ kind: change.kind, id: c.conversation.id, seq: c.seq, revision: c.revision, rowRevision: row.revision });
        }
      } finally {
        other.close();
      }
    });
    try {
      await writer.store([source('a', 'first')]);
      await writer.store([source('a', 'first, then more')]);
    } finally {
      writer.close();
    }
    expect(seen).toEqual([
      { kind: 'stored', id: 'a', seq: 1, revision: 1, rowRevision: 1 },
      { kind: 'stored', id: 'a', seq: 1, revision: 2, rowRevision: 2 },
    ]);
  });

  it('refuses to publish into the void, with the row committed', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-changes-'));
    const writer = new ArchiveWriter(root);
    try {
      await expect(writer.store([source('b', 'unheard')])).rejects.toThrow('a commit was published with no subscriber: open the writer through access/open-writer.ts');
      expect(writer.row('b')?.revision).toBe(1);
    } finally {
      writer.close();
    }
  });
});
