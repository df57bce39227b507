/**
 * A request the caller gave up before it was begun (a search typed past while the one before it
 * is still read) is answered `cancelled` at once and never read: the reading thread is handed one
 * request at a time, and over HTTP an aborted fetch gives its request up. Issue 11: "stale
 * requests cancelled", in the service as well as in the page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { until } from '../../../test/live-home';
import { importPaths } from '../capture/import';
import { startServer } from '../../server/http-server';
import { ArchiveService } from './archive-service';

/** A search thread that holds a search for `slow` 1.5 s and answers each with the queries it has been asked so far. */
const RECORDING_READER = `import { parentPort } from 'node:worker_threads';
const seen = [];
parentPort.postMessage({ ready: true });
parentPort.on('message', (ask) => {
  seen.push(ask.request.query);
  if (ask.request.query === 'slow') { const end = Date.now() + 1500; while (Date.now() < end); }
  parentPort.postMessage({ id: ask.id, result: { ok: true, value: [...seen] } });
});
`;

let work: string;
let root: string;
let reader: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-given-up-'));
  root = path.join(work, 'archive');
  reader = path.join(work, 'recording-reader.mjs');
  writeFileSync(reader, RECORDING_READER);
  mkdirSync(path.join(work, 'home'));
  await importPaths({ root, paths: [path.join(FIXTURES_DIR, 'codex')] });
}, 60_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A service whose search lane's thread is RECORDING_READER, started and ready. */
async function serviceWithReadySearchLane(): Promise<ArchiveService> {
  const service = new ArchiveService({ root, sources: [path.join(work, 'home')], readingWorker: reader, log: () => undefined });
  await service.handle('dejavu:search', { query: 'warm' }); // answered here while the lane's thread starts
  await until(() => service.readingThreadsReady().includes('search'), 10_000, 'the search lane to be ready');
  return service;
}

describe('a request given up before it is begun', () => {
  it('is answered cancelled at once and never handed to the reading thread', async () => {
    const service = await serviceWithReadySearchLane();
    try {
      const slow = service.handle('dejavu:search', { query: 'slow' });
      const typedPast = [new AbortController(), new AbortController()];
      const stale = typedPast.map((c, i) => service.handle('dejavu:search', { query: `typed-past-${i}` }, c.signal));
      const last = service.handle('dejavu:search', { query: 'last' });
      const started = Date.now();
      for (const c of typedPast) c.abort();
      for (const answer of await Promise.all(stale)) expect(answer).toEqual({ ok: false, error: { code: 'cancelled', message: 'given up before it was begun' } });
      expect(Date.now() - started).toBeLessThan(1000); // not after `slow`'s 1.5 s
      expect(await slow).toEqual({ ok: true, value: ['slow'] });
      expect(await last).toEqual({ ok: true, value: ['slow', 'last'] });
      // One given up before it is asked is not even queued.
      const gone = new AbortController();
      gone.abort();
      expect(await service.handle('dejavu:search', { query: 'never' }, gone.signal)).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(await service.handle('dejavu:search', { query: 'after' })).toEqual({ ok: true, value: ['slow', 'last', 'after'] });
    } finally {
      service.close();
    }
  });

  it('over HTTP: a fetch the page aborts gives its request up', async () => {
    const service = await serviceWithReadySearchLane();
    const staticDir = path.join(work, 'static');
    mkdirSync(staticDir, { recursive: true });
    // What reached the service, so each step waits for the one before it instead of for a fixed time.
    const reached: string[] = [];
    const handle = service.handle.bind(service);
    service.handle = ((channel, request, signal) => {
      reached.push(String((request as { query?: unknown } | null)?.query));
      return handle(channel, request, signal);
    }) as typeof service.handle;
    const server = await startServer({ service, staticDir, token: 'given-up-test-token' });
    const search = (query: string, signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${server.port}/api/dejavu:search`, {
        method: 'POST',
        signal,
        headers: { Authorization: 'Bearer given-up-test-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    try {
      const slow = search('slow');
      await until(() => reached.includes('slow'), 10_000, 'the slow search to reach the service'); // and so its thread, idle till then
      const typedPast = new AbortController();
      const stale = search('typed-past', typedPast.signal).catch((err: Error) => err.name);
      await until(() => reached.includes('typed-past'), 10_000, 'the typed-past search to reach the service'); // where it waits
      typedPast.abort();
      expect(await stale).toBe('AbortError');
      expect(await (await slow).json()).toEqual({ ok: true, value: ['slow'] });
      expect(await (await search('last')).json()).toEqual({ ok: true, value: ['slow', 'last'] });
    } finally {
      await server.close();
      service.close();
    }
  });
});
