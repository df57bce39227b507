/**
 * Kill a real sync process with SIGKILL in the middle of its work; the next sync must finish
 * the job with nothing lost and nothing duplicated, and match an uninterrupted sync exactly.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCorpus, loadSeeds } from '../bench/corpus';
import { dejavu, dejavuAsync } from './cli';
import { FIXTURES_DIR } from './fixtures';
import { committed, snapshot } from './stress/archive-state';

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
