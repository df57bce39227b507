/**
 * search.db gives an eviction's freed pages back without rewriting itself (incremental
 * auto-vacuum from when it is made), and an older one — which needs one VACUUM of the whole
 * file to get there, 17 s at a million messages — is compacted on a thread of its own, so the
 * app's main process goes on answering the window meanwhile.
 */
import Database from 'better-sqlite3';
import { cpSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../test/fixtures';
import { importFixtures } from '../../../test/retention-helpers';
import { ArchiveService } from '../service/archive-service';
import { compactSearchDb } from './compact-search';
import { compactInThread } from './compact-thread';
import { openSearchDb, searchDbPath } from './search-db';
import { value } from '../../../test/result-value';

/** The CLI's indexer thread script (built by the test run's setup); the compactor runs from it. */
const INDEXER_SCRIPT = path.join(REPO_ROOT, 'out', 'cli', 'indexer.mjs');
const INCREMENTAL = 2;

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-compact-thread-'));
const template = path.join(work, 'template');

function autoVacuum(root: string): number {
  const db = new Database(searchDbPath(root), { readonly: true });
  try {
    return db.pragma('auto_vacuum', { simple: true }) as number;
  } finally {
    db.close();
  }
}

/** search.db as an older build left it: no auto-vacuum, plus `mb` of pages freed by a dropped table. */
function olderSearchDb(root: string, mb: number): void {
  const db = new Database(searchDbPath(root));
  try {
    db.pragma('auto_vacuum = NONE');
    db.exec('VACUUM');
    db.exec('CREATE TABLE scratch (b BLOB)');
    const put = db.prepare('INSERT INTO scratch VALUES (randomblob(1048576))');
    db.transaction(() => {
      for (let i = 0; i < mb; i += 1) put.run();
    })();
    db.exec('DROP TABLE scratch');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * How long the caller's event loop was busy (not waiting for events) while `work` ran, and its
 * share of the time: what a window's IPC could not be answered in. Unlike a timer's delays, it
 * does not count the time a loaded machine leaves the caller's thread unscheduled while it waits.
 */
async function callerBusy(work: () => Promise<void>): Promise<{ ms: number; share: number }> {
  const before = performance.eventLoopUtilization();
  await work();
  const used = performance.eventLoopUtilization(before);
  return { ms: used.active, share: used.utilization };
}

describe('search.db compaction', () => {
  beforeAll(() => importFixtures(template));

  it('makes a new search.db with incremental auto-vacuum', () => {
    const root = path.join(work, 'new');
    mkdirSync(root);
    openSearchDb(root).close();
    expect(autoVacuum(root)).toBe(INCREMENTAL);
    expect(autoVacuum(template)).toBe(INCREMENTAL);
  });

  it('compacts an older search.db on a thread, the caller answering meanwhile, and gives its free pages back', async () => {
    const inline = path.join(work, 'inline');
    const threaded = path.join(work, 'threaded');
    for (const root of [inline, threaded]) {
      cpSync(template, root, { recursive: true });
      olderSearchDb(root, 64);
    }
    const bloated = statSync(searchDbPath(threaded)).size;
    const onThread = await callerBusy(() => compactInThread(threaded, INDEXER_SCRIPT));
    const onCaller = await callerBusy(() => compactSearchDb(inline, () => Promise.resolve()));
    expect(autoVacuum(threaded)).toBe(INCREMENTAL);
    expect(statSync(searchDbPath(threaded)).size).toBeLessThan(bloated - 60 * 1024 * 1024);
    expect(statSync(searchDbPath(threaded)).size).toBe(statSync(searchDbPath(inline)).size);
    // The VACUUM kept the caller's loop busy all along; on its own thread, the caller's loop only
    // started the thread and took its answer (a few ms, more on a loaded machine).
    expect(onCaller.share).toBeGreaterThan(0.9);
    expect(onThread.ms).toBeLessThan(onCaller.ms / 3);
  });

  it('compacts on the thread at the end of a sweep the app runs', async () => {
    const root = path.join(work, 'swept');
    cpSync(template, root, { recursive: true });
    olderSearchDb(root, 8);
    const empty = path.join(work, 'empty-home');
    mkdirSync(empty, { recursive: true });
    const service = new ArchiveService({ root, sources: [empty], indexerWorker: INDEXER_SCRIPT });
    try {
      value(await service.handle('dejavu:set-retention', { settings: { softCapBytes: 1, hardCapBytes: 2 ** 40, maxAgeDays: null, cadence: 'manual' } }));
      const report = value(await service.handle('dejavu:evict', { dryRun: false }));
      expect(report.steps.length).toBeGreaterThan(0);
      expect(report.indexBytesFreed).toBeGreaterThan(8 * 1024 * 1024);
    } finally {
      await service.idle();
      service.close();
    }
    expect(autoVacuum(root)).toBe(INCREMENTAL);
  });

  it('fails the sweep plainly when the compactor thread cannot start, and the next sweep finishes it', async () => {
    const root = path.join(work, 'no-thread');
    cpSync(template, root, { recursive: true });
    olderSearchDb(root, 8);
    const empty = path.join(work, 'empty-home');
    mkdirSync(empty, { recursive: true });
    const settings = { softCapBytes: 1, hardCapBytes: 2 ** 40, maxAgeDays: null, cadence: 'manual' } as const;
    const broken = new ArchiveService({ root, sources: [empty], indexerWorker: path.join(work, 'no-such-indexer.mjs') });
    try {
      value(await broken.handle('dejavu:set-retention', { settings }));
      const failed = await broken.handle('dejavu:evict', { dryRun: false });
      expect(failed.ok).toBe(false);
      expect(!failed.ok && failed.error.message).toMatch(/no-such-indexer/);
    } finally {
      await broken.idle();
      broken.close();
    }
    expect(autoVacuum(root)).not.toBe(INCREMENTAL);
    const service = new ArchiveService({ root, sources: [empty], indexerWorker: INDEXER_SCRIPT });
    try {
      value(await service.handle('dejavu:evict', { dryRun: false }));
    } finally {
      await service.idle();
      service.close();
    }
    expect(autoVacuum(root)).toBe(INCREMENTAL);
  });
});
