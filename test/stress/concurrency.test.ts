/**
 * One archive, several writers: `dejavu serve` with live capture, and two CLI syncs started
 * against it while an agent keeps writing and readers keep reading. Nothing is corrupted,
 * duplicated or lost; each refused writer waited briefly, then said why in a sentence; and
 * no reader (the index and search.db through SQLite, a list and a search through the app's API)
 * waited longer than the stated bound, while the writers wrote.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IntegrityReport } from '../../shared/verify';
import { archiveDiskBytes } from '../../main/core/archive/disk-usage';
import { dejavu, dejavuAsync } from '../cli';
import { request, startServe } from '../serve-process';
import { committed, conversationsWith, snapshot } from './archive-state';
import { appendPrompt, buildMarkedHome, markerWord } from './marked-corpus';

/** The longest a reader may wait while writers run (a loaded 2-core machine included). */
const READER_BOUND_MS = 1000;
const CONVERSATIONS = 12;

/** A CLI command (a sync unless told), timed, with what it said. */
function timedSync(env: Record<string, string>, args = ['sync']): Promise<{ code: number | null; stderr: string; stdout: string; ms: number; pid: number }> {
  const started = Date.now();
  const child = dejavuAsync(args, env);
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr, stdout, ms: Date.now() - started, pid: child.pid! })));
}

async function until(what: string, test: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

type Waits = Record<string, number[]>;

/**
 * Readers polling an archive until stopped, each read timed from its start (opening the file
 * included) to its answer: the index and search.db through SQLite (with a 10 s busy wait, so a
 * blocked read shows as a slow one, not an error), and the app's own API when `http` is given.
 */
function startReaders(archive: string, word: string, http?: { origin: string; headers: Record<string, string> }) {
  const waits: Waits = {};
  let reading = true;
  const loop = async (kind: string, read: () => Promise<boolean> | boolean) => {
    waits[kind] = [];
    while (reading) {
      const t = Date.now();
      if (await read()) waits[kind].push(Date.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const sqlite = (file: string, sql: string, ...params: string[]) => () => {
    if (!existsSync(path.join(archive, file))) return false;
    const db = new Database(path.join(archive, file), { readonly: true, timeout: 10_000 });
    try {
      db.prepare(sql).get(...params);
      return true;
    } catch (err) {
      if (/no such table/.test((err as Error).message)) return false; // still being made by its first writer
      throw err;
    } finally {
      db.close();
    }
  };
  const api = (channel: string, body: object) => async () => {
    const res = await request(http!.origin, `/api/${channel}`, { method: 'POST', headers: http!.headers, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).ok, channel).toBe(true);
    return true;
  };
  const loops = [
    loop('index.db', sqlite('index.db', 'SELECT COUNT(*) FROM conversations')),
    loop('search.db', sqlite('search.db', 'SELECT COUNT(*) FROM message_fts WHERE message_fts MATCH ?', word)),
    ...(http ? [loop('HTTP list', api('dejavu:conversations', {})), loop('HTTP search', api('dejavu:search', { query: word }))] : []),
  ];
  return {
    async stop(): Promise<Waits> {
      reading = false;
      await Promise.all(loops);
      return waits;
    },
  };
}

/** Each kind's read count and slowest wait, asserted under the bound, and printed for the README. */
function withinBound(what: string, waits: Waits): void {
  const line = Object.entries(waits).map(([kind, w]) => `${w.length} ${kind} reads (slowest ${Math.max(...w)} ms)`);
  console.log(`dejavu stress: readers during ${what}: ${line.join(', ')}; bound ${READER_BOUND_MS} ms`);
  for (const [kind, w] of Object.entries(waits)) {
    expect(w.length, kind).toBeGreaterThan(0);
    expect(Math.max(...w), kind).toBeLessThan(READER_BOUND_MS);
  }
}

describe('writers and readers on one archive', () => {
  it('two CLI syncs at once: one writes, the other waits, then writes or refuses with a sentence', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-two-syncs-'));
    const home = path.join(work, 'home');
    const files = buildMarkedHome(home, CONVERSATIONS);
    const archive = path.join(work, 'archive');
    const env = { HOME: home, DEJAVU_HOME: archive };
    const readers = startReaders(archive, files[0].marker);
    const [a, b] = await Promise.all([timedSync(env), timedSync(env)]);
    withinBound('two CLI syncs at once', await readers.stop());
    const outcomes = [a, b].map((r) => r.code);
    expect(outcomes).toContain(0);
    for (const [r, other] of [
      [a, b],
      [b, a],
    ]) {
      // A refused writer names the sync that holds the archive, and waited for it first.
      if (r.code !== 0) {
        expect(r.stderr).toBe(`dejavu: dejavu sync (pid ${other.pid}) is writing the archive ${archive}: wait for it to finish, then run this again\n`);
        expect(r.ms).toBeGreaterThanOrEqual(1400);
      } else expect(r.stderr).toBe('');
    }
    expect(snapshot(archive).conversations).toHaveLength(CONVERSATIONS);
    const words = conversationsWith(archive, files.map((f) => f.marker));
    for (const f of files) expect(words[f.marker], f.marker).toHaveLength(1);
    const verify = JSON.parse(dejavu(['verify', '--json'], env).stdout) as IntegrityReport;
    expect(verify.groups).toEqual([]);
  });

  it('an eviction sweep rewriting blobs and search rows: readers are not held up', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-evict-readers-'));
    const home = path.join(work, 'home');
    const files = buildMarkedHome(home, CONVERSATIONS);
    const archive = path.join(work, 'archive');
    const env = { HOME: home, DEJAVU_HOME: archive };
    expect(dejavu(['sync'], env).code).toBe(0);
    const size = archiveDiskBytes(archive);
    const readers = startReaders(archive, files[0].marker);
    const swept = await timedSync(env, ['evict', '--apply', '--soft-cap', String(Math.round(size * 0.5)), '--hard-cap', String(Math.round(size * 0.6)), '--max-age', 'off', '--json']);
    withinBound('evict --apply', await readers.stop());
    expect(swept.code, swept.stderr).toBe(0);
    expect((JSON.parse(swept.stdout) as { steps: unknown[] }).steps.length).toBeGreaterThan(0);
  });

  it('serve with live capture, two CLI syncs, an agent writing and readers reading', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-concurrency-'));
    const home = path.join(work, 'home');
    const files = buildMarkedHome(home, CONVERSATIONS);
    const archive = path.join(work, 'archive');
    const env = { HOME: home, DEJAVU_HOME: archive };
    const server = await startServe([], env);
    try {
      const auth = { Cookie: `dejavu_token=${server.token}`, 'Content-Type': 'application/json' };
      // Readers from the start: the app's own API (a list and a search), and plain SQLite readers of the index and search.db.
      const readers = startReaders(archive, files[0].marker, { origin: server.origin, headers: auth });

      // The server takes the writer for live capture and syncs through it.
      await until('the server to hold the archive', () => existsSync(path.join(archive, 'sync.lock')) && readFileSync(path.join(archive, 'sync.lock'), 'utf8').endsWith(' dejavu serve'));
      await until('the server\u2019s first sync', () => committed(archive) === CONVERSATIONS);

      // Two CLI writers while the agent writes three more prompts.
      const live = files.slice(0, 3).map((f, i) => ({ f, marker: markerWord('busy', i) }));
      const syncs = Promise.all([timedSync(env), timedSync(env)]);
      for (const { f, marker } of live) {
        appendPrompt(f, marker);
        await new Promise((r) => setTimeout(r, 150));
      }
      for (const r of await syncs) {
        expect(r.code).toBe(1);
        expect(r.stderr).toBe(
          `dejavu: dejavu serve (pid ${server.child.pid}) is writing the archive ${archive}: it syncs by itself while it runs, so a sync here is not needed; to run this command anyway, stop it (Ctrl-C where it runs, or kill ${server.child.pid}) first\n`,
        );
        expect(r.ms).toBeGreaterThanOrEqual(1400); // it waited for the writer before refusing
      }
      // No lost write: live capture archived every appended prompt, into its own conversation.
      const markers = live.map((l) => l.marker);
      await until('live capture of the appended prompts', () => Object.values(conversationsWith(archive, markers)).every((ids) => ids.length === 1));
      withinBound('serve + its first sync + live capture + 2 refused CLI syncs', await readers.stop());
      const words = conversationsWith(archive, [...files.map((f) => f.marker), ...markers]);
      for (const [i, { f, marker }] of live.entries()) expect(words[marker], `live ${i}`).toEqual(words[f.marker]);
    } finally {
      await server.stop();
    }
    // No duplicates, nothing corrupt, and nothing left for a later sync to find.
    const s = snapshot(archive);
    expect(s.conversations).toHaveLength(CONVERSATIONS);
    expect(new Set(s.conversations.map((c) => c.id)).size).toBe(CONVERSATIONS);
    for (const f of files) expect(conversationsWith(archive, [f.marker])[f.marker], f.marker).toHaveLength(1);
    const verify = JSON.parse(dejavu(['verify', '--json'], env).stdout) as IntegrityReport;
    expect(verify.groups).toEqual([]);
    expect(verify.consistent).toBe(true);
    const after = dejavu(['sync', '--json'], env);
    expect(after.code, after.stderr).toBe(0);
    const report = JSON.parse(after.stdout) as { created: unknown[]; updated: unknown[] };
    expect([report.created.length, report.updated.length]).toEqual([0, 0]);
  });
});
