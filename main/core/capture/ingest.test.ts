/** One huge session never holds up the others: they are stored first, and it is read last. */
import Database from 'better-sqlite3';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, REPO_ROOT } from '../../../test/fixtures';
import { openArchiveWriter } from '../access/open-writer';
import { heapGrowingPercent, SYNC_HEAP_GROWING_PERCENT } from '../memory';
import { providerFor } from '../providers/registry';
import { type IngestProgress, ingestFiles, type SourceFile } from './ingest';

const BIG = path.join(FIXTURES_DIR, 'codex/EntityProcess__agentv/entire_checkpoints_v1/3c/162d1d8ad4/1/full.jsonl');
/** The CLI's search indexer thread, as `dejavu sync` starts it (built by the test run's setup). */
const INDEXER_SCRIPT = path.join(REPO_ROOT, 'out', 'cli', 'indexer.mjs');
const SMALL = path.join(FIXTURES_DIR, 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl');

describe('ingestFiles', () => {
  it('reads a huge file last, after everything before it is stored', async () => {
    const writer = openArchiveWriter(mkdtempSync(path.join(os.tmpdir(), 'dejavu-ingest-')));
    try {
      const provider = providerFor('codex')!;
      const files: SourceFile[] = [BIG, SMALL].map((p) => ({ path: p, provider, instance: 'host' }));
      const hugeBytes = statSync(BIG).size;
      expect(statSync(SMALL).size).toBeLessThan(hugeBytes);
      const seen: { path: string; smallStored: boolean }[] = [];
      const report = await ingestFiles(writer, files, { hugeBytes, deferSearch: true, onProgress: (p) => seen.push({ path: p.path, smallStored: writer.cursor(SMALL) !== undefined }) });
      expect(report.errors).toEqual([]);
      // One report per file, and a last one once the last batch is stored.
      expect(seen.map((s) => s.path)).toEqual([SMALL, BIG, BIG]);
      expect(seen[1].smallStored).toBe(true);
      expect(report.created).toHaveLength(2);
    } finally {
      writer.close();
    }
  });

  it("holds V8's heap growth while it runs (memory.ts: flat peak RSS over a large corpus) and lets it go after", async () => {
    const writer = openArchiveWriter(mkdtempSync(path.join(os.tmpdir(), 'dejavu-ingest-')));
    try {
      const files: SourceFile[] = [{ path: SMALL, provider: providerFor('codex')!, instance: 'host' }];
      const seen: number[] = [];
      expect(heapGrowingPercent()).toBe(0);
      const report = await ingestFiles(writer, files, { deferSearch: true, onProgress: () => seen.push(heapGrowingPercent()) });
      expect(report.errors).toEqual([]);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set([SYNC_HEAP_GROWING_PERCENT]));
      expect(heapGrowingPercent()).toBe(0);
    } finally {
      writer.close();
    }
  });

  it('finishes the search indexer thread before it reads a huge file (indexed inline: its isolate not held beside the read), and indexes both', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-ingest-'));
    const writer = openArchiveWriter(root);
    const threads = () => readdirSync('/proc/self/task').length;
    try {
      const claude = providerFor('claude-code')!;
      const small = path.join(FIXTURES_DIR, 'claude-code/entireio__skills/entire_checkpoints_v1/45/3006269783/0/full.jsonl');
      const huge = path.join(FIXTURES_DIR, 'claude-code/entireio__skills/entire_checkpoints_v1/3f/c8a587fcc7/0/full.jsonl');
      expect(statSync(small).size).toBeLessThan(statSync(huge).size);
      const before = threads();
      const seen: { small?: number; huge?: number } = {};
      const watching = { ...claude, parseLarge: (...args: Parameters<NonNullable<typeof claude.parseLarge>>) => ((seen.huge = threads()), claude.parseLarge!(...args)) };
      const files: SourceFile[] = [{ path: small, provider: claude, instance: 'host' }, { path: huge, provider: watching, instance: 'host' }];
      const report = await ingestFiles(writer, files, { hugeBytes: statSync(huge).size, indexerWorker: INDEXER_SCRIPT, onProgress: (p) => void (p.path === small && (seen.small ??= threads())) });
      expect(report.errors).toEqual([]);
      expect(seen.small).toBeGreaterThan(before); // the thread indexes the smaller files
      expect(seen.huge).toBe(before);
      const search = new Database(path.join(root, 'search.db'), { readonly: true });
      try {
        expect(search.prepare('SELECT count(*) FROM indexed WHERE revision > 0').pluck().get()).toBe(report.created.length);
      } finally {
        search.close();
      }
    } finally {
      writer.close();
    }
  });

  it('commits a batch once it holds a MiB of source, so no more than that waits parsed in memory', async () => {
    const writer = openArchiveWriter(mkdtempSync(path.join(os.tmpdir(), 'dejavu-ingest-')));
    try {
      const claude = providerFor('claude-code')!;
      const codex = providerFor('codex')!;
      const files: SourceFile[] = [
        { path: path.join(FIXTURES_DIR, 'claude-code/entireio__skills/entire_checkpoints_v1/45/3006269783/0/full.jsonl'), provider: claude, instance: 'host' },
        { path: path.join(FIXTURES_DIR, 'claude-code/entireio__skills/entire_checkpoints_v1/3f/c8a587fcc7/0/full.jsonl'), provider: claude, instance: 'host' },
        { path: path.join(FIXTURES_DIR, 'codex/entireio__skills/entire_checkpoints_v1/e0/814f45fcd4/0/full.jsonl'), provider: codex, instance: 'host' },
      ];
      const sizes = files.map((f) => statSync(f.path).size);
      // The first two pass a MiB together, each alone does not; nor does the third.
      expect([sizes[0] < 2 ** 20, sizes[0] + sizes[1] >= 2 ** 20, sizes[2] < 2 ** 20]).toEqual([true, true, true]);
      const committed: boolean[][] = [];
      const report = await ingestFiles(writer, files, { deferSearch: true, onProgress: () => committed.push(files.map((f) => writer.cursor(f.path) !== undefined)) });
      expect(report.errors).toEqual([]);
      expect(committed).toEqual([
        [false, false, false],
        [true, true, false],
        [true, true, false],
        [true, true, true],
      ]);
    } finally {
      writer.close();
    }
  });

  it('reports files, bytes and conversations stored as it goes, and what search has not indexed yet', async () => {
    const writer = openArchiveWriter(mkdtempSync(path.join(os.tmpdir(), 'dejavu-ingest-')));
    try {
      const provider = providerFor('codex')!;
      const files: SourceFile[] = [SMALL, BIG].map((p) => ({ path: p, provider, instance: 'host' }));
      const [small, big] = [SMALL, BIG].map((p) => statSync(p).size);
      const seen: IngestProgress[] = [];
      // One file a batch; search deferred, so everything stored waits for it.
      const report = await ingestFiles(writer, files, { batchBytes: 1, deferSearch: true, onProgress: (p) => seen.push(p) });
      expect(seen.map(({ done, total, bytesDone, bytesTotal, conversations, unindexed }) => ({ done, total, bytesDone, bytesTotal, conversations, unindexed }))).toEqual([
        { done: 1, total: 2, bytesDone: small, bytesTotal: small + big, conversations: 1, unindexed: 1 },
        { done: 2, total: 2, bytesDone: small + big, bytesTotal: small + big, conversations: 2, unindexed: 2 },
        { done: 2, total: 2, bytesDone: small + big, bytesTotal: small + big, conversations: 2, unindexed: 2 },
      ]);
      // Each conversation is announced once, with the report that follows its commit.
      expect(seen.map((p) => p.stored.length)).toEqual([1, 1, 0]);
      expect(seen.flatMap((p) => p.stored).sort()).toEqual([...report.created].sort());
    } finally {
      writer.close();
    }
  });
});
