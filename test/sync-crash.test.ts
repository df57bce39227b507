/**
 * Kill a real sync process with SIGKILL in the middle of its work; the next sync must finish
 * the job with nothing lost and nothing duplicated, and match an uninterrupted sync exactly.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCorpus, loadSeeds } from '../bench/corpus';
import { dejavu, dejavuAsync } from './cli';
import { FIXTURES_DIR } from './fixtures';

function snapshot(archive: string) {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    const conversations = db.prepare('SELECT id, message_count, prompt_count, blob_path FROM conversations ORDER BY id').all() as {
      id: string;
      message_count: number;
      prompt_count: number;
      blob_path: string;
    }[];
    const search = new Database(path.join(archive, 'search.db'), { readonly: true });
    const fts = (search.prepare('SELECT COUNT(*) AS n FROM message_fts').get() as { n: number }).n;
    const indexed = search.prepare('SELECT conversation_id AS id, revision FROM indexed ORDER BY conversation_id').all();
    search.close();
    const sources = (db.prepare('SELECT COUNT(*) AS n FROM sources').get() as { n: number }).n;
    return { conversations, fts, indexed, sources };
  } finally {
    db.close();
  }
}

function committed(archive: string): number {
  if (!existsSync(path.join(archive, 'index.db'))) return 0;
  try {
    const db = new Database(path.join(archive, 'index.db'), { readonly: true, timeout: 1000 });
    try {
      return (db.prepare('SELECT COUNT(*) AS n FROM conversations').get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

describe('a sync killed mid-run', () => {
  it('is completed by the next sync with nothing lost or duplicated', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-crash-'));
    const home = path.join(work, 'home');
    buildCorpus(loadSeeds(FIXTURES_DIR), home, 40 * 1024 * 1024);
    const env = { HOME: home, DEJAVU_SYNC_BATCH_BYTES: String(512 * 1024) };

    const reference = path.join(work, 'reference');
    expect(dejavu(['sync'], { ...env, DEJAVU_HOME: reference }).code).toBe(0);
    const expected = snapshot(reference);
    expect(expected.conversations.length).toBeGreaterThan(20);

    const archive = path.join(work, 'archive');
    const child = dejavuAsync(['sync'], { ...env, DEJAVU_HOME: archive });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Wait until some batches are committed but the sync is not done, then kill it hard.
    const deadline = Date.now() + 60_000;
    while (committed(archive) < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const partial = committed(archive);
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(expected.conversations.length);

    const resumed = dejavu(['sync'], { ...env, DEJAVU_HOME: archive });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const after = snapshot(archive);
    expect(after.conversations.map(({ id, message_count, prompt_count }) => ({ id, message_count, prompt_count }))).toEqual(
      expected.conversations.map(({ id, message_count, prompt_count }) => ({ id, message_count, prompt_count })),
    );
    expect(after.fts).toBe(expected.fts);
    expect(after.indexed.length).toBe(expected.conversations.length);
    expect(after.sources).toBe(expected.sources);
    // Every indexed blob is on disk, and the interrupted writer left no temp files behind.
    for (const c of after.conversations) expect(existsSync(path.join(archive, c.blob_path)), c.blob_path).toBe(true);
    expect(existsSync(path.join(archive, '.tmp')) ? readdirSync(path.join(archive, '.tmp')) : []).toEqual([]);
  });
});
