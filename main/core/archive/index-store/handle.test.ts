/**
 * Readers and writers of index.db are typed apart. A reader's handle given to a write is a type
 * error (the `@ts-expect-error` lines below fail `npm run typecheck` the day it compiles), and a
 * handle forced past the types is refused at run time with an error that says where writes go,
 * leaving the row as it was. The writer lock's handle writes.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { ArchiveWriter } from '../archive-writer';
import type { WritableIndex } from '../db';
import { IndexReader } from '../index-reader';
import { withWriterLock } from '../locked-write';
import { ReadOnlyIndexError } from './handle';
import { setPinned } from './write-conversations';

const REFUSED = 'this index.db handle was opened for reading and cannot write: a write goes through the archive writer (access/open-writer.ts) or withWriterLock (archive/locked-write.ts), under the writer lock';

async function archiveWithOne(id: string): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-handles-'));
  const conversation = {
    id,
    agent: 'claude-code',
    nativeId: id,
    workspace: 'demo',
    instance: 'host',
    sourcePath: `/src/${id}.jsonl`,
    sources: [`/src/${id}.jsonl`],
    models: [],
    warnings: [],
    messages: [{ id: 'm0', role: 'user', parts: [{ type: 'text', content: 'keep me' }] }],
  } as unknown as Conversation;
  const writer = new ArchiveWriter(root);
  writer.changes.subscribe(() => undefined);
  try {
    await writer.store([{ path: conversation.sourcePath, agent: 'claude-code', instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [conversation] }]);
  } finally {
    writer.close();
  }
  return root;
}

function pinnedIn(root: string, id: string): boolean {
  const reader = new IndexReader(root);
  try {
    return reader.summary(id).pinned === true;
  } finally {
    reader.close();
  }
}

describe('index.db handles, typed apart', () => {
  it('does not let a reader’s handle reach a write, for the type checker nor for SQLite', async () => {
    const root = await archiveWithOne('a');
    const reader = new IndexReader(root);
    try {
      // @ts-expect-error a ReadableIndex is no WritableIndex: a reader cannot pin
      expect(() => setPinned(reader.db, 'a', true)).toThrow(ReadOnlyIndexError);
      // @ts-expect-error a reader's handle exposes no SQL; were it run, SQLite refuses the write
      expect(() => reader.db.exec('UPDATE conversations SET pinned = 1')).toThrow('attempt to write a readonly database');
    } finally {
      reader.close();
    }
    expect(pinnedIn(root, 'a')).toBe(false);
  });

  it('refuses at run time a reader’s handle cast to a writable one, saying where writes go, and changes nothing', async () => {
    const root = await archiveWithOne('b');
    const reader = new IndexReader(root);
    try {
      const forced = reader.db as unknown as WritableIndex;
      expect(() => setPinned(forced, 'b', true)).toThrow(REFUSED);
    } finally {
      reader.close();
    }
    expect(pinnedIn(root, 'b')).toBe(false);
  });

  it('writes through the handle the writer lock gives', async () => {
    const root = await archiveWithOne('c');
    await withWriterLock(root, (db) => setPinned(db, 'c', true));
    expect(pinnedIn(root, 'c')).toBe(true);
  });
});
