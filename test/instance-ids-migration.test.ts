/**
 * Migration 006 (container ids) on an archive the old code path wrote: a sync that stored a
 * jackin container's conversations under host-form ids, and merged a session file that sits in
 * both homes into one conversation. After it, the next sync stores nothing twice and ends as a
 * fresh sync of the same homes; killed for real (SIGKILL, through the CLI) at each point, the
 * next run finishes it to the same archive.
 */
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveReader } from '../main/core/access/archive-reader';
import { ArchiveWriter } from '../main/core/archive/archive-writer';
import { openArchiveWriter } from '../main/core/access/open-writer';
import { readBlob } from '../main/core/archive/blob-store';
import { fileParseContext } from '../main/core/capture/parse-context';
import { sync, syncSources } from '../main/core/capture/sync';
import { idInInstance } from '../main/core/providers/kit/identity';
import { dejavu } from './cli';
import { layOut } from './home-layout';
import { readProvenance } from './provenance';
import { writeConnectionOf } from '../main/core/archive/index-store/handle';

const CONTAINER = 'jackin-old-1';
const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-m006-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const home = path.join(work, 'home');
const containerHome = path.join(home, '.jackin', 'data', CONTAINER, 'home');
const rows = readProvenance();
/** In the container only: a Claude Code session with two subagents. In both homes: a small one. */
const onlyInContainer = rows.find((r) => r.n === 2)!;
const inBoth = rows.find((r) => r.n === 3)!;

/** What a sync before container ids did: the provider's ids as they are, whatever the home. */
async function oldSync(root: string): Promise<void> {
  const { files } = await syncSources({ root, home });
  const writer = openArchiveWriter(root);
  try {
    for (const f of files) {
      const info = statSync(f.path);
      const conversations = await f.provider.parse(fileParseContext(f.path, f, info.size));
      await writer.store([{ path: f.path, agent: f.provider.agent, instance: f.instance, size: info.size, mtimeMs: info.mtimeMs, readOffset: info.size, conversations }]);
    }
    await writer.follow.settle(); // search rows and digests, as that version wrote them
    // The archive as that version left it: schema 5 (no relation column, migration 007; no digest facts, 008).
    writeConnectionOf(writer.db).exec(`DELETE FROM schema_migrations WHERE version >= 6; ALTER TABLE conversations DROP COLUMN relation;
      DROP TRIGGER digest_facts_after_insert; DROP TRIGGER digest_facts_after_update; DROP TRIGGER digest_facts_after_delete; DROP TABLE digest_facts`);
  } finally {
    writer.close();
  }
}

interface State {
  version: number;
  rows: { id: string; instance: string; parent_id: string | null; blob_path: string; message_count: number }[];
  sources: { path: string; size: number; conversation_ids: string }[];
  digests: { conversation_id: string; id: string }[];
}

function state(root: string): State {
  const db = new Database(path.join(root, 'index.db'), { readonly: true });
  try {
    return {
      version: db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number,
      rows: db.prepare('SELECT id, instance, parent_id, blob_path, message_count FROM conversations ORDER BY id').all() as State['rows'],
      sources: db.prepare('SELECT path, size, conversation_ids FROM sources ORDER BY path').all() as State['sources'],
      digests: db.prepare("SELECT conversation_id, json_extract(data, '$.conversationId') AS id FROM digests ORDER BY conversation_id").all() as State['digests'],
    };
  } finally {
    db.close();
  }
}

const listed = (root: string) => {
  const reader = new ArchiveReader(root);
  try {
    return reader
      .list()
      .map((c) => ({ id: c.id, instance: c.instance, parentId: c.parentId }))
      .sort((a, b) => a.id.localeCompare(b.id));
  } finally {
    reader.close();
  }
};

describe('migration 006 (container ids)', { timeout: 60_000 }, () => {
  const pristine = path.join(work, 'pristine');
  let oldIds: { onlyInContainer: string[]; inBoth: string[] };

  beforeAll(async () => {
    layOut(home, [inBoth]);
    const inContainer = layOut(containerHome, [onlyInContainer, inBoth]);
    mkdirSync(pristine);
    await oldSync(pristine);
    const before = state(pristine);
    expect(before.version).toBe(5);
    const idsOf = (file: string) => JSON.parse(before.sources.find((s) => s.path === file)!.conversation_ids) as string[];
    oldIds = { onlyInContainer: idsOf(inContainer.get(onlyInContainer)!), inBoth: idsOf(inContainer.get(inBoth)!) };
    // The old ids: host-form, and the file in both homes is one conversation.
    expect(oldIds.onlyInContainer).toHaveLength(3);
    expect(oldIds.onlyInContainer.every((id) => id.startsWith('claude-code_'))).toBe(true);
    expect(before.rows.filter((r) => r.id === oldIds.inBoth[0])).toHaveLength(1);
  });

  it('renames the container’s conversations (rows, parent links, blobs, digests, cursors) and splits the one both homes made', () => {
    const root = path.join(work, 'migrated');
    cpSync(pristine, root, { recursive: true });
    const before = state(root);
    new ArchiveWriter(root).close(); // a writer migrates when it opens
    const after = state(root);
    expect(after.version).toBe(8); // and 007 after it (the relation column, read from the renamed blobs), and 008
    const db = new Database(path.join(root, 'index.db'), { readonly: true });
    const linked = db.prepare('SELECT relation FROM conversations WHERE parent_id IS NOT NULL').pluck().all();
    db.close();
    expect(linked).toEqual(['subagent', 'subagent']);
    const renamed = oldIds.onlyInContainer.map((id) => idInInstance(id, CONTAINER));
    for (const [i, id] of renamed.entries()) {
      const row = after.rows.find((r) => r.id === id);
      expect(row, id).toBeDefined();
      const was = before.rows.find((r) => r.id === oldIds.onlyInContainer[i])!;
      expect(row!.parent_id).toBe(was.parent_id === null ? null : idInInstance(was.parent_id, CONTAINER));
      const record = readBlob(root, row!.blob_path);
      expect([record.id, record.parentId ?? null, record.messages.length]).toEqual([id, row!.parent_id, was.message_count]);
      expect(existsSync(path.join(root, was.blob_path)), `old file ${was.blob_path}`).toBe(false);
      expect(after.digests).toContainEqual({ conversation_id: id, id });
    }
    expect(renamed.filter((id) => after.rows.find((r) => r.id === id)!.parent_id !== null)).toHaveLength(2);
    for (const old of oldIds.onlyInContainer) expect(after.rows.some((r) => r.id === old) || after.digests.some((d) => d.conversation_id === old), old).toBe(false);
    const cursor = (file: string) => after.sources.find((s) => s.path === file)!;
    const containerFile = (n: number) => after.sources.find((s) => s.path.startsWith(containerHome) && path.basename(s.path).startsWith(`${n}-`))!.path;
    expect(JSON.parse(cursor(containerFile(onlyInContainer.n)).conversation_ids)).toEqual(renamed);
    // The conversation both homes made keeps its host id; both files are read again, the container's into its own.
    expect(after.rows.some((r) => r.id === oldIds.inBoth[0])).toBe(true);
    expect(JSON.parse(cursor(containerFile(inBoth.n)).conversation_ids)).toEqual([]);
    expect(after.sources.filter((s) => s.size === -1).map((s) => path.basename(s.path))).toEqual([`${inBoth.n}-${path.basename(inBoth.absPath)}`, `${inBoth.n}-${path.basename(inBoth.absPath)}`]);
  });

  it('leaves nothing for the next sync to store twice: it ends as a fresh sync of the same homes', async () => {
    const root = path.join(work, 'resynced');
    cpSync(pristine, root, { recursive: true });
    const report = await sync({ root, home });
    expect(report.errors).toEqual([]);
    expect(report.created).toEqual([idInInstance(oldIds.inBoth[0], CONTAINER)]);
    const fresh = path.join(work, 'fresh');
    await sync({ root: fresh, home });
    expect(listed(root)).toEqual(listed(fresh));
    expect(listed(root).find((c) => c.id === oldIds.inBoth[0])?.instance).toBe('host');
  });

  describe('killed mid-run', () => {
    const reference = path.join(work, 'reference');
    beforeAll(() => {
      cpSync(pristine, reference, { recursive: true });
      expect(dejavu(['list', '--json'], { DEJAVU_HOME: reference }).code).toBe(0);
    });

    it.each(['ids-after-plan', 'ids-after-write', 'ids-after-commit'] as const)('is finished by the next run when killed %s', (point) => {
      const root = path.join(work, point);
      cpSync(pristine, root, { recursive: true });
      const killed = dejavu(['list', '--json'], { DEJAVU_HOME: root, DEJAVU_MIGRATE_CRASH_AT: point });
      expect(killed.code).toBe(-1); // killed by a signal
      const after = state(root);
      expect(after.version).toBe(5);
      // Every row's file is there and holds that row's record, whatever the index says by now.
      for (const r of after.rows) expect(readBlob(root, r.blob_path).id, r.id).toBe(r.id);
      expect(dejavu(['list', '--json'], { DEJAVU_HOME: root }).code).toBe(0);
      expect(state(root)).toEqual(state(reference));
      for (const r of state(root).rows) expect(readBlob(root, r.blob_path).id, r.id).toBe(r.id);
    });
  });
});
