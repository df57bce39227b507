/**
 * A sync over an archive whose search is behind (a search migration that rebuilt search.db, a
 * deferred run, a dead indexer thread) catches search up in its indexer thread, saying how many
 * conversations are left, while the caller's thread (the app's main process) stays free.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressText } from '../../../shared/sync-progress';
import { REPO_ROOT } from '../../../test/fixtures';
import { provenanceFor } from '../../../test/provenance';
import { ArchiveReader } from '../access/archive-reader';
import { openArchiveWriter } from '../access/open-writer';
import { openReadableIndex } from '../archive/db';
import { conversationRevisions } from '../archive/index-store/read-conversations';
import { providerFor } from '../providers/registry';
import { openSearchDb, searchDbPath } from '../search/search-db';
import { verifyArchive } from '../verify/verify-archive';
import { type IngestProgress, type IngestReport, ingestFiles, type SourceFile } from './ingest';

/** The CLI's search indexer thread, as `dejavu sync` starts it (built by the test run's setup). */
const INDEXER_SCRIPT = path.join(REPO_ROOT, 'out', 'cli', 'indexer.mjs');

/**
 * Every Claude Code and Codex fixture (~13 MB), as the host's and as two jackin containers'
 * (copies: a container's conversations are its own): a catch-up of about two seconds.
 */
function fixtureFiles(dir: string): SourceFile[] {
  return ['host', 'jk-one', 'jk-two'].flatMap((instance) =>
    (['claude-code', 'codex'] as const).flatMap((agent) =>
      provenanceFor(agent).map((f) => {
        const copy = path.join(dir, instance, agent, `${f.n}-${path.basename(f.absPath)}`);
        mkdirSync(path.dirname(copy), { recursive: true });
        copyFileSync(f.absPath, copy);
        return { path: copy, provider: providerFor(agent)!, instance };
      }),
    ),
  );
}

/** An archive of the fixtures whose search.db is gone, as after a search migration that rebuilds it. */
async function archiveWithSearchBehind(files: readonly SourceFile[]): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-catch-up-'));
  const writer = openArchiveWriter(root);
  try {
    const report = await ingestFiles(writer, files, { deferSearch: true });
    expect(report.errors).toEqual([]);
  } finally {
    writer.close();
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(searchDbPath(root) + suffix, { force: true });
  return root;
}

/** The sync again, files unchanged: all it has to do is the catch-up. Times the longest wait of a 10 ms timer meanwhile. */
async function syncAgain(root: string, files: readonly SourceFile[]): Promise<{ report: IngestReport; progress: IngestProgress[]; longestTimerWaitMs: number }> {
  const progress: IngestProgress[] = [];
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  const writer = openArchiveWriter(root);
  try {
    const report = await ingestFiles(writer, files, { indexerWorker: INDEXER_SCRIPT, onProgress: (p) => progress.push(p) });
    longest = Math.max(longest, performance.now() - last);
    return { report, progress, longestTimerWaitMs: longest };
  } finally {
    clearInterval(timer);
    writer.close();
  }
}

describe('a sync whose search is behind', () => {
  it('catches search up in its indexer thread, counting the conversations left down to 0, the caller’s thread free meanwhile', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-catch-up-home-'));
    const files = fixtureFiles(home);
    const root = await archiveWithSearchBehind(files);
    const { report, progress, longestTimerWaitMs } = await syncAgain(root, files);
    rmSync(home, { recursive: true });
    expect(report.errors).toEqual([]);
    expect(report.unchanged).toBe(files.length);

    const index = openReadableIndex(root);
    const reader = new ArchiveReader(root);
    try {
      const conversations = conversationRevisions(index).length;
      // Every file was looked at, then search is counted down from all of it to nothing.
      const unindexed = progress.map((p) => p.unindexed);
      const left = unindexed.slice(unindexed.findIndex((n) => n > 0));
      expect(progress.slice(progress.length - left.length).every((p) => p.done === p.total)).toBe(true);
      expect(left[0]).toBe(conversations);
      expect(progressText(progress[progress.length - left.length])).toBe(`Indexing for search: ${conversations} conversations to go`);
      expect(left.at(-1)).toBe(0);
      expect(new Set(left).size).toBeGreaterThan(2);
      left.slice(1).forEach((n, i) => expect(n).toBeLessThanOrEqual(left[i]));

      // Searchable: a word of a fixture's prompt (Codex: "…golang 最新版是幾版") is found, and verify finds search complete.
      expect(reader.search('golang').map((h) => h.conversation.agent)).toContain('codex');
      const search = openSearchDb(root);
      try {
        expect(verifyArchive(root, index, search).findings.filter((f) => f.kind === 'search')).toEqual([]);
      } finally {
        search.close();
      }
    } finally {
      reader.close();
      index.close();
    }

    // The catch-up ran beside this thread: its timer never waited for a large part of it (on the
    // caller's thread it waited for all of it). Generous for a loaded machine: a quarter.
    expect(report.timings.searchWaitMs).toBeGreaterThan(400);
    expect(longestTimerWaitMs).toBeLessThan(report.timings.searchWaitMs / 4);
  });
});
