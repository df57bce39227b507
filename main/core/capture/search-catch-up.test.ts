/**
 * A sync over an archive whose search is behind (a search migration that rebuilt search.db, a
 * deferred run, a dead indexer thread) catches search up in its indexer thread, saying how many
 * conversations are left, while the caller's thread (the app's main process) stays free; so does
 * the app's merge, in a thread of its own.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { progressText } from '../../../shared/sync-progress';
import { REPO_ROOT } from '../../../test/fixtures';
import { provenanceFor } from '../../../test/provenance';
import { ArchiveReader } from '../access/archive-reader';
import { mergeFrom } from '../use-cases/merge';
import { oneShotWrites } from '../use-cases/writes';
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

/** Runs `work`, timing the longest wait of a 10 ms timer meanwhile: what a window's IPC would wait. */
async function timerWaitsDuring<T>(work: () => Promise<T>): Promise<{ result: T; longestTimerWaitMs: number; ms: number }> {
  const started = performance.now();
  let last = started;
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  try {
    const result = await work();
    const now = performance.now();
    return { result, longestTimerWaitMs: Math.max(longest, now - last), ms: now - started };
  } finally {
    clearInterval(timer);
  }
}

/** The sync again, files unchanged: all it has to do is the catch-up. */
async function syncAgain(root: string, files: readonly SourceFile[]): Promise<{ report: IngestReport; progress: IngestProgress[]; longestTimerWaitMs: number }> {
  const progress: IngestProgress[] = [];
  const writer = openArchiveWriter(root);
  try {
    const { result, longestTimerWaitMs } = await timerWaitsDuring(() => ingestFiles(writer, files, { indexerWorker: INDEXER_SCRIPT, onProgress: (p) => progress.push(p) }));
    return { report: result, progress, longestTimerWaitMs };
  } finally {
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
    // caller's thread it waited for all of it). Generous for a loaded machine: a quarter, and at
    // least 250 ms (one pause of the process, two test files running at once on two cores).
    expect(report.timings.searchWaitMs).toBeGreaterThan(400);
    expect(longestTimerWaitMs).toBeLessThan(Math.max(250, report.timings.searchWaitMs / 4));
  });
});

describe('a merge into an archive whose search is behind', () => {
  it('catches search up in an indexer thread of its own when given one (the app’s), the caller’s thread free meanwhile', async () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-catch-up-home-'));
    const files = fixtureFiles(home);
    const root = await archiveWithSearchBehind(files);
    // The other machine's archive: one Gemini CLI session of the fixtures (none of this archive's).
    const other = mkdtempSync(path.join(os.tmpdir(), 'dejavu-catch-up-other-'));
    const otherWriter = openArchiveWriter(other);
    try {
      const gemini = provenanceFor('gemini-cli')[0];
      expect((await ingestFiles(otherWriter, [{ path: gemini.absPath, provider: providerFor('gemini-cli')!, instance: 'host' }])).created).toHaveLength(1);
    } finally {
      otherWriter.close();
    }
    const { result: report, longestTimerWaitMs, ms } = await timerWaitsDuring(() => mergeFrom(oneShotWrites(root), other, { machine: 'laptop', indexerWorker: INDEXER_SCRIPT }));
    rmSync(home, { recursive: true });
    expect(report.errors).toEqual([]);
    expect(report.added).toHaveLength(1);

    const index = openReadableIndex(root);
    const search = openSearchDb(root);
    try {
      expect(verifyArchive(root, index, search).findings.filter((f) => f.kind === 'search')).toEqual([]);
    } finally {
      search.close();
      index.close();
    }
    // As for the sync: on the caller's thread the timer waited for the whole catch-up.
    expect(ms).toBeGreaterThan(400);
    expect(longestTimerWaitMs).toBeLessThan(Math.max(250, ms / 4));
  });
});
