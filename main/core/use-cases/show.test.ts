/** The thread detail the app shows: what a conversation came from and what is linked under it, each with its relation. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveReader } from '../access/archive-reader';
import { openArchiveWriter } from '../access/open-writer';
import { conversationDetail } from './show';
import { linkedConversation as conversation } from '../../../test/synthetic-conversation';

describe('conversation detail', () => {
  it('gives the parent link with its relation, and each linked conversation its relation (none written = subagent)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-relation-'));
    const all = [
      conversation('main'),
      conversation('delegate', { parent: 'main', relation: 'subagent' }),
      conversation('compressed', { parent: 'main', relation: 'continuation' }),
      conversation('older', { parent: 'main' }), // archived before relations were
    ];
    const writer = openArchiveWriter(root);
    await writer.store([{ path: '/home/me/.hermes/state.db', agent: 'hermes', instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: all }]);
    writer.close();
    const reader = new ArchiveReader(root);
    try {
      const main = conversationDetail(reader, reader.get('hermes_main'));
      expect(main.parent).toBeUndefined();
      expect(main.children.map((c) => [c.id, c.relation ?? null]).sort()).toEqual([
        ['hermes_compressed', 'continuation'],
        ['hermes_delegate', 'subagent'],
        ['hermes_older', null],
      ]);
      expect(conversationDetail(reader, reader.get('hermes_compressed')).parent).toEqual({ id: 'hermes_main', relation: 'continuation' });
      expect(conversationDetail(reader, reader.get('hermes_older')).parent).toEqual({ id: 'hermes_main', relation: 'subagent' });
    } finally {
      reader.close();
    }
  });

  it("says how a child relates from the index, without its blob (gone here)", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-relation-'));
    const writer = openArchiveWriter(root);
    await writer.store([{ path: '/home/me/.hermes/state.db', agent: 'hermes', instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [conversation('main'), conversation('compressed', { parent: 'main', relation: 'continuation' })] }]);
    writer.close();
    const reader = new ArchiveReader(root);
    try {
      rmSync(path.join(root, reader.row('hermes_compressed').blob_path));
      expect(conversationDetail(reader, reader.get('hermes_main')).children.map((c) => [c.id, c.relation])).toEqual([['hermes_compressed', 'continuation']]);
    } finally {
      reader.close();
    }
  });
});
