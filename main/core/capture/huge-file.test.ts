/**
 * A huge file is read by its provider's `parseLarge` (message bodies left in the file and read
 * again as they are written, indexed and digested) and must archive exactly what the in-memory
 * path archives: here every real Claude Code fixture goes through both (the huge path forced by
 * a threshold of one byte), and the decoded records, search rows and digests must be equal.
 */
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { textOf } from '../../../test/provider-kit';
import { openArchiveWriter } from '../access/open-writer';
import { readBlob, TEMP_DIR } from '../archive/blob-store';
import { writeConnectionOf } from '../archive/index-store/handle';
import type { ConversationRow } from '../archive/rows';
import { SpillFile } from '../providers/kit/spill-file';
import { providerFor } from '../providers/registry';
import { storedRows } from '../search/indexed-marks';
import { openSearchDb } from '../search/search-db';
import { ingestFiles, type IngestReport, parseSource, type SourceFile } from './ingest';
import { fileParseContext } from './parse-context';

const provider = providerFor('claude-code')!;
const FIXTURES = (readdirSync(path.join(FIXTURES_DIR, 'claude-code'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => path.join(FIXTURES_DIR, 'claude-code', f))
  .sort();

/** What an archive holds: every record as decoded from its blob, its search rows and its digest. */
function contents(root: string): { records: unknown[]; rows: unknown[]; digests: unknown[] } {
  const writer = openArchiveWriter(root);
  try {
    const conversations = writeConnectionOf(writer.db).prepare('SELECT * FROM conversations ORDER BY id').all() as ConversationRow[];
    const records = conversations.map((row) => JSON.parse(JSON.stringify(readBlob(root, row.blob_path))) as unknown);
    const digests = writeConnectionOf(writer.db).prepare('SELECT conversation_id, revision, data FROM digests ORDER BY conversation_id').all();
    const search = openSearchDb(root);
    try {
      const rows = storedRows(search);
      return { records, rows, digests };
    } finally {
      search.close();
    }
  } finally {
    writer.close();
  }
}

async function archive(files: readonly string[], hugeBytes: number | undefined): Promise<{ root: string; report: IngestReport }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-'));
  const writer = openArchiveWriter(root);
  try {
    const sources: SourceFile[] = files.map((p) => ({ path: p, provider, instance: 'host' }));
    return { root, report: await ingestFiles(writer, sources, hugeBytes === undefined ? {} : { hugeBytes }) };
  } finally {
    writer.close();
  }
}

describe('a huge file, read with its message bodies left in the file', () => {
  it('parses to the same conversations as the whole read, for every real Claude Code fixture', async () => {
    expect(FIXTURES.length).toBeGreaterThan(10);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-spill-'));
    for (const file of FIXTURES) {
      const whole = await provider.parse(fileParseContext(file));
      // With its tables in memory, and in a spill file as a sync reads it (a small cache: its pages are let go and read back).
      const large = await provider.parseLarge!(fileParseContext(file));
      const spill = new SpillFile(tmp, 4);
      const spilled = await provider.parseLarge!(fileParseContext(file), spill);
      // JSON: reads every body through its accessor, as the writer does.
      expect(JSON.parse(JSON.stringify(large)), file).toEqual(JSON.parse(JSON.stringify(whole)));
      expect(JSON.parse(JSON.stringify(spilled)), file).toEqual(JSON.parse(JSON.stringify(whole)));
      spill.remove();
    }
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('keeps two records whose uuids differ only in a lone surrogate, on both paths', async () => {
    // Hostile input, not a real file's shape: ids are compared as the strings they are, never as their UTF-8.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-surrogate-')), 'eeeeeeee-0000-4000-8000-000000000000.jsonl');
    const record = (uuid: string, parentUuid: string | null, at: string, content: string) =>
      JSON.stringify({ sessionId: 's', cwd: '/x', version: '2', type: 'user', uuid, parentUuid, timestamp: at, message: { role: 'user', content } });
    writeFileSync(file, `${record('a-\ud800', null, '2026-01-01T00:00:01.000Z', 'first prompt')}\n${record('a-\udbff', 'a-\ud800', '2026-01-01T00:00:02.000Z', 'second prompt')}\n`);
    const prompts = (c: Conversation) => c.messages.filter((m) => m.role === 'user').map(textOf);
    const whole = await provider.parse(fileParseContext(file));
    const large = await provider.parseLarge!(fileParseContext(file));
    expect(whole.map(prompts)).toEqual([['first prompt', 'second prompt']]);
    expect(JSON.parse(JSON.stringify(large))).toEqual(JSON.parse(JSON.stringify(whole)));
  });

  it('archives the same records, search rows and digests as the in-memory path', async () => {
    const inMemory = await archive(FIXTURES, undefined);
    const streamed = await archive(FIXTURES, 1);
    expect(streamed.report.errors).toEqual([]);
    expect(streamed.report.created.sort()).toEqual(inMemory.report.created.sort());
    const a = contents(inMemory.root);
    const b = contents(streamed.root);
    expect(b.records.length).toBeGreaterThan(20);
    expect(b.rows.length).toBeGreaterThan(1000);
    expect(b.records).toEqual(a.records);
    expect(b.rows).toEqual(a.rows);
    expect(b.digests.map(withoutTimes)).toEqual(a.digests.map(withoutTimes));
  });

  it('keeps a cut last line, grows when the file grows and keeps what a rewind cut, as the in-memory path does', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-src-'));
    const seed = FIXTURES.find((f) => f.endsWith('fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl'))!;
    const lines = readFileSync(seed, 'utf8').split('\n').filter(Boolean);
    const file = path.join(dir, 'fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl');
    const half = Math.floor(lines.length / 2);
    writeFileSync(file, lines.slice(0, half).join('\n') + '\n');
    const roots = [mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-a-')), mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-b-'))];
    const sync = async () => {
      for (const [i, root] of roots.entries()) {
        const writer = openArchiveWriter(root);
        try {
          const report = await ingestFiles(writer, [{ path: file, provider, instance: 'host' }], i === 1 ? { hugeBytes: 1 } : {});
          expect(report.errors).toEqual([]);
        } finally {
          writer.close();
        }
      }
    };
    await sync();
    // The rest appended, its last line cut short and no longer written: kept as far as it goes.
    const last = lines[lines.length - 1];
    appendFileSync(file, lines.slice(half, -1).join('\n') + '\n' + last.slice(0, Math.floor(last.length / 2)));
    utimesSync(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    await sync();
    const [a, b] = roots.map(contents);
    expect(JSON.stringify(a.records)).toContain('The file ends in the middle of this line');
    expect(b.records).toEqual(a.records);
    expect(b.rows).toEqual(a.rows);

    // Cut back to a quarter (a rewind): the archive only grows, on both paths alike.
    const kept = (records: unknown[]) => (records as { messages: unknown[] }[]).reduce((n, r) => n + r.messages.length, 0);
    writeFileSync(file, lines.slice(0, Math.floor(lines.length / 4)).join('\n') + '\n');
    await sync();
    const [c, d] = roots.map(contents);
    expect(kept(c.records)).toBeGreaterThanOrEqual(kept(a.records));
    expect(JSON.stringify(c.records)).toContain('"how":"shrank"');
    // The two archives noticed the rewind a moment apart.
    expect(noticed(d.records)).toEqual(noticed(c.records));
    expect(d.rows).toEqual(c.rows);
  });

  it('fails the file, not the archive, when it is rewritten before its bodies are read again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-moved-'));
    const seed = FIXTURES.find((f) => f.endsWith('fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl'))!;
    const file = path.join(dir, path.basename(seed));
    const lines = readFileSync(seed, 'utf8').split('\n').filter(Boolean);
    writeFileSync(file, lines.join('\n') + '\n');
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-moved-archive-'));
    const writer = openArchiveWriter(root);
    try {
      const parsed = await parseSource({ path: file, provider, instance: 'host' }, statSync(file).size, statSync(file).mtimeMs, true);
      // The agent rewrote the file meanwhile: its lines are no longer where the read found them.
      writeFileSync(file, lines.slice(5).join('\n') + '\n');
      await expect(writer.store([parsed])).rejects.toThrow(/changed while it was archived: line \d+ no longer holds message [\w-]+; sync again/);
      expect(writeConnectionOf(writer.db).prepare('SELECT COUNT(*) AS n FROM conversations').get()).toEqual({ n: 0 });
      expect(writer.cursor(file)).toBeUndefined();
    } finally {
      writer.close();
    }
    // The next sync reads the rewritten file from its start and archives it.
    const next = openArchiveWriter(root);
    try {
      const report = await ingestFiles(next, [{ path: file, provider, instance: 'host' }], { hugeBytes: 1 });
      expect(report.errors).toEqual([]);
      expect(report.created.length).toBeGreaterThan(0);
      expect(next.cursor(file)?.size).toBe(statSync(file).size);
    } finally {
      next.close();
    }
  });

  it("keeps the read's tables in a spill file in the archive's .tmp/, removed once the file is archived and when it fails", async () => {
    const seed = FIXTURES.find((f) => f.endsWith('fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl'))!;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-spill-src-')), path.basename(seed));
    const lines = readFileSync(seed, 'utf8').split('\n').filter(Boolean);
    writeFileSync(file, lines.join('\n') + '\n');
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-spill-archive-'));
    const spills: string[] = [];
    // The real provider, watched: where its spill file is, and that it is there while the read's conversations are.
    const watched = (after?: () => void): SourceFile['provider'] => ({
      ...provider,
      async parseLarge(ctx, spill) {
        const conversations = await provider.parseLarge!(ctx, spill);
        spills.push(spill!.path);
        expect(existsSync(spill!.path)).toBe(true);
        after?.();
        return conversations;
      },
    });
    const ingest = async (p: SourceFile['provider']) => {
      const writer = openArchiveWriter(root);
      try {
        return await ingestFiles(writer, [{ path: file, provider: p, instance: 'host' }], { hugeBytes: 1, force: true });
      } finally {
        writer.close();
      }
    };
    const archived = await ingest(watched());
    expect(archived.errors).toEqual([]);
    expect(spills).toHaveLength(1);
    expect(path.dirname(spills[0])).toBe(path.join(root, TEMP_DIR));
    expect(existsSync(spills[0])).toBe(false);

    // Rewritten after it was read, before its bodies are read again: the file fails, its spill goes.
    const failed = await ingest(watched(() => writeFileSync(file, lines.slice(5).join('\n') + '\n')));
    expect(failed.errors).toEqual([{ path: file, message: expect.stringMatching(/changed while it was archived: line \d+ no longer holds message [\w-]+; sync again/) }]);
    expect(spills).toHaveLength(2);
    expect(existsSync(spills[1])).toBe(false);
    expect(readdirSync(path.join(root, TEMP_DIR)).filter((f) => f.endsWith('.spill'))).toEqual([]);

    // One a killed sync left behind is swept when a writer next opens the archive.
    const left = new SpillFile(path.join(root, TEMP_DIR));
    openArchiveWriter(root).close();
    expect(existsSync(left.path)).toBe(false);
  });
});

/** Records with the time the archive noticed a rewrite left out. */
function noticed(records: unknown[]): unknown {
  return JSON.parse(JSON.stringify(records).replace(/"(supersededAt|at)":"[^"]*"/g, '"$1":""'));
}

function withoutTimes(d: unknown): unknown {
  return JSON.parse(JSON.stringify(d).replace(/"(analyzedAt|archivedAt)":"[^"]*"/g, '"$1":""'));
}
