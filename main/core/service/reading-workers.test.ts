/**
 * The reading threads through the service, with the real thread bundle (out/cli/reading.mjs, as
 * `dejavu serve` starts it) on an archive of the real fixtures: each moved channel answers what
 * the service answers on its own thread, errors included; an answer after a write sees it; and
 * the service's thread stays free while `dejavu:space` runs.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelName } from '../../../shared/contract';
import type { Result } from '../../../shared/result';
import { FIXTURES_DIR, REPO_ROOT } from '../../../test/fixtures';
import { until } from '../../../test/live-home';
import { importPaths } from '../capture/import';
import { ArchiveService } from './archive-service';
import { value } from '../../../test/result-value';

/** The CLI's reading thread, as `dejavu serve` starts it (built by the test run's setup). */
const READING_SCRIPT = path.join(REPO_ROOT, 'out', 'cli', 'reading.mjs');
const AGENT_DIRS = readdirSync(FIXTURES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(FIXTURES_DIR, d.name));

let work: string;
let root: string;
let empty: string;

function service(archive: string, threads: boolean): ArchiveService {
  return new ArchiveService({ root: archive, sources: [empty], home: empty, readingWorker: threads ? READING_SCRIPT : undefined, log: () => undefined });
}

/**
 * Starts the search lane's thread and waits until it is ready: until then a search is answered on
 * the service's own thread (read-channels.ts INLINE_WHILE_STARTING), which these tests compare it with.
 */
async function searchLaneReady(s: ArchiveService): Promise<void> {
  value(await s.handle('dejavu:search', { query: 'warm' }));
  await until(() => s.readingThreadsReady().includes('search'), 20_000, 'the search lane to be ready');
}

async function using<T>(s: ArchiveService, fn: (s: ArchiveService) => Promise<T>): Promise<T> {
  try {
    return await fn(s);
  } finally {
    await s.idle();
    s.close();
  }
}

/** The longest wait of a 5 ms timer on this thread while `work` runs (how long the service's thread was held). */
async function longestStallDuring<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    stallMs = Math.max(stallMs, performance.now() - last);
    return { result, stallMs };
  } finally {
    clearInterval(timer);
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-reading-threads-'));
  root = path.join(work, 'archive');
  empty = path.join(work, 'empty-home');
  mkdirSync(empty);
  await importPaths({ root, paths: AGENT_DIRS });
}, 120_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A path some conversation edited, its edits shown as diffs (so the files channel reads threads), found through the archive. */
async function anEditedPath(s: ArchiveService): Promise<string> {
  for (const c of value(await s.handle('dejavu:conversations', {}))) {
    for (const entry of value(await s.handle('dejavu:files', { conversationId: c.id })).entries) {
      if (entry.actions.every((a) => a === 'read')) continue;
      const history = value(await s.handle('dejavu:files', { path: entry.path }));
      if (history.entries.some((e) => (e.diffs?.length ?? 0) > 0)) return entry.path;
    }
  }
  throw new Error('no fixture conversation edits a file');
}

describe('the reading threads', () => {
  it('answer every moved channel as the service answers on its own thread, failures included', async () => {
    const inline = service(root, false);
    const threaded = service(root, true);
    try {
      const edited = await anEditedPath(inline);
      const asks: [ChannelName, unknown][] = [
        ['dejavu:space', {}],
        ['dejavu:doctor', {}],
        ['dejavu:retention', {}],
        ['dejavu:usage', { by: 'day' }],
        ['dejavu:usage', { by: 'model', agent: 'claude-code' }],
        ['dejavu:usage', { by: 'day', timeZone: 'Not/AZone' }],
        ['dejavu:plans', {}],
        ['dejavu:plans', { text: 'plan' }],
        ['dejavu:timeline', {}],
        ['dejavu:timeline', { timeZone: 'Not/AZone' }],
        ['dejavu:files', { path: edited }],
        ['dejavu:files', { path: '/no/such/file.ts' }],
        ['dejavu:search', { query: 'the', limit: 50 }],
        ['dejavu:search', { query: 'ok', includeToolOutput: true }],
        ['dejavu:search', { query: 'ok', cursor: -1 }],
        ['dejavu:search', { query: 'zzqqxx-nowhere' }],
        ['dejavu:evict', { dryRun: true }],
        ['dejavu:evict', { dryRun: true, overrides: { softCapBytes: 1, hardCapBytes: 2 ** 40 } }],
        ['dejavu:evict', { dryRun: true, overrides: { softCapBytes: 2 ** 40, hardCapBytes: 1 } }],
      ];
      // An eviction report says how long it took: the one figure two runs do not share.
      const timeless = (r: Result<unknown>) => (r.ok && r.value && typeof r.value === 'object' && 'ms' in r.value ? { ...r, value: { ...r.value, ms: 0 } } : r);
      let failures = 0;
      await searchLaneReady(threaded);
      for (const [channel, request] of asks) {
        // Answered by the search lane's thread, not inline while it starts.
        if (channel === 'dejavu:search') expect(threaded.readingThreadsReady(), channel).toContain('search');
        const expected = timeless(await inline.handle(channel, request));
        const asked = threaded.handle(channel, request);
        // The whole-archive reads (space, an eviction's preview) go to the lane of their own, and so do search pages.
        if (channel === 'dejavu:space' || channel === 'dejavu:evict') expect(threaded.readingThreads(), channel).toContain('space');
        const answered = timeless(await asked);
        expect(answered, `${channel} ${JSON.stringify(request)}`).toStrictEqual(expected);
        if (!expected.ok) failures += 1;
      }
      // The list holds failures of the handlers (a zone Intl refuses) and of validation, not only successes.
      expect(failures).toBeGreaterThanOrEqual(3);
      // Answered by the reads and search lanes' threads (still there, idle); the space lane's ended with its answer.
      expect(threaded.readingThreads().sort()).toEqual(['reads', 'search']);
    } finally {
      inline.close();
      threaded.close();
    }
  }, 120_000);

  it('see every write the service made before they were asked (a pin, a setting, an import)', async () => {
    const archive = path.join(work, 'fresh');
    await importPaths({ root: archive, paths: [path.join(FIXTURES_DIR, 'codex')] });
    await using(service(archive, true), async (s) => {
      const before = value(await s.handle('dejavu:retention', {}));
      const spaceBefore = value(await s.handle('dejavu:space', {}));
      const timelineBefore = value(await s.handle('dejavu:timeline', {}));
      // Its thread opens its reader as it starts, before the writes below: it must see them all the same.
      await searchLaneReady(s);
      const [first] = value(await s.handle('dejavu:conversations', {}));
      value(await s.handle('dejavu:pin', { id: first.id, pinned: true }));
      value(await s.handle('dejavu:set-retention', { settings: { maxAgeDays: 123 } }));
      const after = value(await s.handle('dejavu:retention', {}));
      expect(after.pinned).toBe(before.pinned + 1);
      expect(after.settings.maxAgeDays).toBe(123);
      // Another writer (a sync of another process) adds conversations.
      await importPaths({ root: archive, paths: [path.join(FIXTURES_DIR, 'claude-code')] });
      const reference = service(archive, false);
      try {
        for (const channel of ['dejavu:space', 'dejavu:timeline', 'dejavu:retention'] as const) {
          expect(await s.handle(channel, {}), channel).toStrictEqual(await reference.handle(channel, {}));
        }
        const search = { query: 'the', limit: 500 };
        expect(s.readingThreadsReady()).toContain('search');
        expect(await s.handle('dejavu:search', search)).toStrictEqual(await reference.handle('dejavu:search', search));
      } finally {
        reference.close();
      }
      expect(value(await s.handle('dejavu:space', {}))).not.toStrictEqual(spaceBefore);
      expect(value(await s.handle('dejavu:timeline', {}))).not.toStrictEqual(timelineBefore);
    });
  }, 120_000);

  it('leave the service’s thread free while dejavu:space reads every conversation', async () => {
    const inline = await using(service(root, false), (s) => longestStallDuring(() => s.handle('dejavu:space', {})));
    const threaded = await using(service(root, true), async (s) => {
      // The thread is started by the first request; measured, the one after (its start is on its own thread too).
      value(await s.handle('dejavu:retention', {}));
      return longestStallDuring(async () => {
        const space = s.handle('dejavu:space', {});
        expect(s.readingThreads()).toContain('space');
        // Another lane answers meanwhile.
        const retention = await s.handle('dejavu:retention', {});
        return { space: await space, retention, after: s.readingThreads() };
      });
    });
    expect(threaded.result.space).toStrictEqual(inline.result);
    expect(threaded.result.retention.ok).toBe(true);
    expect(threaded.result.after).toEqual(['reads']);
    // Inline, the whole breakdown holds the thread (~0.6-1 s here); on the thread, a timer waits no more than a scheduling hiccup.
    expect(inline.stallMs).toBeGreaterThan(250);
    expect(threaded.stallMs).toBeLessThan(Math.max(100, inline.stallMs / 4));
  }, 120_000);
});
