/** Search following the writer's commits: inline, or deferred to `settle` (no rows made meanwhile). */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { ArchiveReader } from './archive-reader';
import { openArchiveWriter } from './open-writer';
import { syntheticConversation } from '../../../test/synthetic-conversation';

function conversation(id: string, say: string): Conversation {
  return syntheticConversation(id, [{ id: 'm0', role: 'user', parts: [{ type: 'text', content: say }] }]);
}

const stored = (c: Conversation) => ({ path: c.sourcePath, agent: c.agent, instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [c] });

function found(root: string, query: string): string[] {
  const reader = new ArchiveReader(root);
  try {
    return reader.search(query).map((h) => h.conversation.id);
  } finally {
    reader.close();
  }
}

describe('followWrites', () => {
  it('leaves a deferred commit unsearched until settle, counting what waits, then indexes it from the blob', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-follow-'));
    const writer = openArchiveWriter(root);
    try {
      const deferred = writer.follow.deferIndexing();
      await writer.store([stored(conversation('a', 'a zebracorn appears')), stored(conversation('b', 'another zebracorn'))]);
      expect(deferred.waiting()).toBe(2);
      expect(found(root, 'zebracorn')).toEqual([]);
      deferred.end();
      // Back to inline indexing: the next commit is searchable at once, the deferred ones after settle.
      await writer.store([stored(conversation('c', 'a third zebracorn'))]);
      expect(found(root, 'zebracorn')).toEqual(['codex_c']);
      await writer.follow.settle();
      expect(found(root, 'zebracorn').sort()).toEqual(['codex_a', 'codex_b', 'codex_c']);
    } finally {
      writer.close();
    }
  });
});
