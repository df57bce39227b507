/**
 * A reading thread's life: one that dies fails what it was asked with a clear error and the next
 * request starts another; an idle one ends and comes back when asked; close() ends them and fails
 * what waits. Real threads: a small script that dies on purpose, and the real bundle.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, REPO_ROOT } from '../../../test/fixtures';
import { until } from '../../../test/live-home';
import { importPaths } from '../capture/import';
import { ArchiveService } from './archive-service';
import { ANSWER_INLINE, ReadingWorkers } from './reading-workers';
import type { Result } from '../../../shared/result';

/** Whether a thread answered, and with a success. */
const okOf = (answer: Result<unknown> | typeof ANSWER_INLINE) => answer !== ANSWER_INLINE && answer.ok;

const READING_SCRIPT = path.join(REPO_ROOT, 'out', 'cli', 'reading.mjs');

/** A reading thread that answers with its thread id, exits with code 7 when asked for space and throws when asked for the census. */
const DYING_READER = `import { parentPort, threadId } from 'node:worker_threads';
parentPort.postMessage({ ready: true });
parentPort.on('message', (ask) => {
  if (ask.channel === 'dejavu:space') setTimeout(() => process.exit(7), 20);
  else if (ask.channel === 'dejavu:doctor') throw new Error('the census broke');
  else parentPort.postMessage({ id: ask.id, result: { ok: true, value: threadId } });
});
`;

/**
 * A reading thread that takes 2 s to start (as a real one takes ~0.5 s, over 1 s beside a sync)
 * and whose timeline holds it for 5 s (as a report at 1M messages holds it for a second or more),
 * answering the rest at once with the channel's name.
 */
const SLOW_REPORTS = `import { parentPort } from 'node:worker_threads';
const busy = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };
busy(2000);
parentPort.postMessage({ ready: true });
parentPort.on('message', (ask) => {
  if (ask.channel === 'dejavu:timeline') busy(5000);
  parentPort.postMessage({ id: ask.id, result: { ok: true, value: ask.channel } });
});
`;

/** A reading thread that fails as it loads (as a native module built for another Node does). */
const BROKEN_READER = `throw new Error('the module was compiled against a different Node.js version');
`;

let work: string;
let root: string;
let dying: string;
let slowReports: string;
let broken: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-reading-life-'));
  root = path.join(work, 'archive');
  dying = path.join(work, 'dying-reader.mjs');
  writeFileSync(dying, DYING_READER);
  slowReports = path.join(work, 'slow-reports.mjs');
  writeFileSync(slowReports, SLOW_REPORTS);
  broken = path.join(work, 'broken-reader.mjs');
  writeFileSync(broken, BROKEN_READER);
  mkdirSync(path.join(work, 'home'));
  await importPaths({ root, paths: [path.join(FIXTURES_DIR, 'codex')] });
}, 60_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** SLOW_REPORTS answers with the channel's name: a search page from it, not computed inline. */
const answeredByThread = (answer: Result<unknown>) => answer.ok && answer.value === 'dejavu:search';

describe('a reading thread', () => {
  it('that dies fails what it was asked with a clear error, and the next request starts another', async () => {
    const service = new ArchiveService({ root, sources: [path.join(work, 'home')], readingWorker: dying, log: () => undefined });
    try {
      expect(await service.handle('dejavu:space', {})).toEqual({
        ok: false,
        error: { code: 'internal', message: "the archive's reading thread stopped (exit code 7) before answering; asked again, a new one starts" },
      });
      expect(service.readingThreads()).not.toContain('space');
      const first = await service.handle('dejavu:retention', {});
      expect(first.ok).toBe(true);
      // Both waiting when it dies: the census's throw ends the thread, the request behind it fails too.
      const [census, behind] = await Promise.all([service.handle('dejavu:doctor', {}), service.handle('dejavu:retention', {})]);
      const died = "the archive's reading thread stopped (exit code 1: the census broke) before answering; asked again, a new one starts";
      expect(census).toEqual({ ok: false, error: { code: 'internal', message: died } });
      expect(behind).toEqual(census);
      const next = await service.handle('dejavu:retention', {});
      expect(next.ok && first.ok && next.value !== first.value).toBe(true);
      // Validation stays on the service's side: a malformed request never reaches a thread.
      expect(await service.handle('dejavu:usage', { by: 'hour' })).toMatchObject({ ok: false, error: { code: 'invalid-request' } });
    } finally {
      service.close();
    }
  });

  it('starting, does not hold up a search: it is answered inline meanwhile, by the thread once ready', async () => {
    const threaded = new ArchiveService({ root, sources: [path.join(work, 'home')], readingWorker: slowReports, log: () => undefined });
    const inline = new ArchiveService({ root, sources: [path.join(work, 'home')], log: () => undefined });
    try {
      const started = Date.now();
      const first = await threaded.handle('dejavu:search', { query: 'the' });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(first).toStrictEqual(await inline.handle('dejavu:search', { query: 'the' }));
      expect(threaded.readingThreads()).toEqual(['search']);
      await until(() => threaded.readingThreadsReady().includes('search'), 10_000, 'the search lane to be ready');
      expect(answeredByThread(await threaded.handle('dejavu:search', { query: 'the' }))).toBe(true);
    } finally {
      threaded.close();
      inline.close();
    }
  });

  it('busy with a report holds up no search: search pages have a lane of their own', async () => {
    const service = new ArchiveService({ root, sources: [path.join(work, 'home')], readingWorker: slowReports, log: () => undefined });
    try {
      // Both lanes started and ready.
      void service.handle('dejavu:search', { query: 'the' });
      expect(await service.handle('dejavu:retention', {})).toEqual({ ok: true, value: 'dejavu:retention' });
      await until(() => service.readingThreadsReady().includes('search'), 10_000, 'the search lane to be ready');
      expect(answeredByThread(await service.handle('dejavu:search', { query: 'the' }))).toBe(true);
      const started = Date.now();
      const timeline = service.handle('dejavu:timeline', {});
      const search = await service.handle('dejavu:search', { query: 'the' });
      expect(search).toEqual({ ok: true, value: 'dejavu:search' });
      // Behind the timeline on one thread it would have waited its 5 s.
      expect(Date.now() - started).toBeLessThan(4000);
      expect(service.readingThreads().sort()).toEqual(['reads', 'search']);
      expect(await timeline).toEqual({ ok: true, value: 'dejavu:timeline' });
    } finally {
      service.close();
    }
  });

  it('ends when idle and starts again when asked; close() ends it and fails what waits', async () => {
    const workers = new ReadingWorkers(READING_SCRIPT, { root }, { reads: 150, search: 150, space: 0 });
    try {
      expect(okOf(await workers.ask('reads', 'dejavu:retention', {}))).toBe(true);
      expect(workers.running()).toEqual(['reads']);
      await until(() => workers.running().length === 0);
      expect(okOf(await workers.ask('reads', 'dejavu:timeline', {}))).toBe(true);
      // The space lane's thread ends with its answer.
      expect(okOf(await workers.ask('space', 'dejavu:space', {}))).toBe(true);
      expect(workers.running()).not.toContain('space');
      const waiting = workers.ask('space', 'dejavu:space', {});
      workers.close();
      expect(await waiting).toEqual({ ok: false, error: { code: 'internal', message: 'the archive service closed before answering' } });
      expect(workers.running()).toEqual([]);
      expect(await workers.ask('reads', 'dejavu:retention', {})).toEqual({ ok: false, error: { code: 'internal', message: 'the archive service is closed' } });
    } finally {
      workers.close();
    }
  });

  it.each([
    ['cannot be loaded (a broken install)', () => path.join(work, 'no-such-reader.mjs')],
    ['fails as it loads (a native module built for another Node)', () => broken],
  ])('whose script %s leaves every slow read to the service, said once in its log, and is not started again', async (_what, script) => {
    const logged: string[] = [];
    const failing = new ArchiveService({ root, sources: [path.join(work, 'home')], readingWorker: script(), log: (level, _scope, message) => logged.push(`${level} ${message}`) });
    const inline = new ArchiveService({ root, sources: [path.join(work, 'home')], log: () => undefined });
    try {
      // A search and a report at once: two lanes' threads fail, the log says it once.
      const [search, timeline] = await Promise.all([failing.handle('dejavu:search', { query: 'the' }), failing.handle('dejavu:timeline', {})]);
      expect(search).toStrictEqual(await inline.handle('dejavu:search', { query: 'the' }));
      expect(timeline).toStrictEqual(await inline.handle('dejavu:timeline', {}));
      await until(() => failing.readingThreads().length === 0);
      for (const [channel, request] of [
        ['dejavu:timeline', {}],
        ['dejavu:retention', {}],
        ['dejavu:search', { query: 'the' }],
      ] as const) {
        const answered = await failing.handle(channel, request);
        expect(answered.ok, `${channel}: ${JSON.stringify(answered)}`).toBe(true);
        expect(answered).toStrictEqual(await inline.handle(channel, request));
        expect(failing.readingThreads(), channel).toEqual([]);
      }
      expect(logged.filter((l) => l.includes('reading threads cannot start'))).toHaveLength(1);
    } finally {
      failing.close();
      inline.close();
    }
  });

  it('answers a search after close() as every lane does: the service is closed', async () => {
    const service = new ArchiveService({ root, sources: [path.join(work, 'home')], readingWorker: READING_SCRIPT, log: () => undefined });
    service.close();
    expect(await service.handle('dejavu:search', { query: 'the' })).toEqual({ ok: false, error: { code: 'internal', message: 'the archive service is closed' } });
  });
});
