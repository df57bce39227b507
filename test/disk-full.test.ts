/**
 * A sync onto a disk that fills up part-way: it must end (not hang) with an error saying which
 * folder is full and what to do, leave the archive consistent, and a rerun once there is room
 * must finish the job. The full disk is a real one: a small tmpfs, which only root may mount.
 * The same for the search catch-up a sync runs in its indexer thread once every file is read.
 */
import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCorpus, loadSeeds } from '../bench/corpus';
import { dejavu, dejavuWithin } from './cli';
import { FIXTURES_DIR } from './fixtures';
import { buildFakeHome } from './home';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-full-'));
const disk = path.join(work, 'disk');
mkdirSync(disk);
const mounted = process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', disk]).status === 0;
if (!mounted) console.warn('disk-full test skipped: it needs root to mount a small tmpfs');

/** A second small disk, for the search catch-up that fills it. */
const catchUpDisk = path.join(work, 'catch-up-disk');
mkdirSync(catchUpDisk);
const catchUpMounted = mounted && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=256m', 'tmpfs', catchUpDisk]).status === 0;

afterAll(() => {
  // Lazily if a process still has it open, so a failed run leaves no mount behind.
  for (const [dir, on] of [[disk, mounted], [catchUpDisk, catchUpMounted]] as const) if (on && spawnSync('umount', [dir]).status !== 0) spawnSync('umount', ['-l', dir]);
  rmSync(work, { recursive: true, force: true });
});

function conversationIds(archive: string): string[] {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return db.prepare('SELECT id FROM conversations ORDER BY id').pluck().all() as string[];
  } finally {
    db.close();
  }
}

function searchCounts(archive: string): { indexed: number; rows: number } {
  const db = new Database(path.join(archive, 'search.db'), { readonly: true });
  try {
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    return { indexed: count('SELECT COUNT(*) FROM indexed'), rows: count('SELECT COUNT(*) FROM message_text') };
  } finally {
    db.close();
  }
}

describe.skipIf(!mounted)('a sync onto a disk that fills up (needs root for a tmpfs)', () => {
  it('exits 1 with which folder is full and what to do, then a rerun with room completes', () => {
    const home = path.join(work, 'home');
    buildCorpus(loadSeeds(FIXTURES_DIR), home, 16 * 1024 * 1024);
    // Small batches: the disk fills while the search indexer thread still has work queued.
    const env = { HOME: home, DEJAVU_SYNC_BATCH_BYTES: String(512 * 1024) };
    const reference = path.join(work, 'reference');
    expect(dejavu(['sync', '--no-evict'], { ...env, DEJAVU_HOME: reference }).code).toBe(0);

    const archive = path.join(disk, 'archive');
    const full = dejavuWithin(30_000, ['sync', '--no-evict'], { ...env, DEJAVU_HOME: archive });
    expect(full.timedOut, 'dejavu sync hung on a full disk').toBe(false);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(`dejavu: no space left on the disk holding the archive ${archive}`);
    expect(full.stderr).toContain('free some space on that disk, then run the command again');
    // Half-written blobs are not left behind to eat what little room there is.
    expect(readdirSync(path.join(archive, '.tmp'))).toEqual([]);
    const partial = conversationIds(archive);

    execFileSync('mount', ['-o', 'remount,size=256m', disk]);
    const rerun = dejavuWithin(60_000, ['sync', '--no-evict'], { ...env, DEJAVU_HOME: archive });
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    const after = conversationIds(archive);
    expect(after).toEqual(conversationIds(reference));
    expect(after.length).toBeGreaterThan(partial.length);
    // Search caught up too: every conversation indexed, as many rows as an uninterrupted sync.
    expect(searchCounts(archive)).toEqual(searchCounts(reference));
    const verify = dejavu(['verify'], { DEJAVU_HOME: archive });
    expect(verify.stdout).toContain('The archive is consistent.');
    expect(verify.code).toBe(0);
  });

  it.skipIf(!catchUpMounted)('fails a sync whose search catch-up (in its indexer thread) fills the disk, keeps what it indexed, and finishes it on the rerun', () => {
    const home = buildFakeHome(path.join(work, 'catch-up-home')).dir;
    const archive = path.join(catchUpDisk, 'archive');
    const env = { HOME: home, DEJAVU_HOME: archive };
    expect(dejavu(['sync', '--no-evict'], env).code).toBe(0);
    const whole = searchCounts(archive);
    const conversations = conversationIds(archive);
    const searchBytes = statSync(path.join(archive, 'search.db')).size;
    // search.db gone, as after a search migration that rebuilds it: the next sync catches up from the blobs.
    for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(archive, `search.db${suffix}`), { force: true });
    const disk = statfsSync(catchUpDisk);
    // Room for search.db as it was, not for it and its WAL: the catch-up fills the disk part-way through.
    execFileSync('mount', ['-o', `remount,size=${Math.ceil(((disk.blocks - disk.bfree) * disk.bsize + searchBytes) / 1024)}k`, catchUpDisk]);

    const full = dejavuWithin(30_000, ['sync', '--no-evict'], env);
    expect(full.timedOut, 'dejavu sync hung on a full disk').toBe(false);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(`dejavu: no space left on the disk holding the archive ${archive}`);
    // Said by the thread the catch-up ran in.
    expect(full.stderr).toContain('search indexing failed: database or disk is full');

    execFileSync('mount', ['-o', 'remount,size=256m', catchUpDisk]);
    expect(conversationIds(archive)).toEqual(conversations);
    // What the catch-up indexed before the disk filled is kept; the rerun indexes the rest.
    const partial = searchCounts(archive).indexed;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(whole.indexed);
    const rerun = dejavuWithin(60_000, ['sync', '--no-evict'], env);
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    expect(searchCounts(archive)).toEqual(whole);
    const verify = dejavu(['verify'], { DEJAVU_HOME: archive });
    expect(verify.stdout).toContain('The archive is consistent.');
  });
});
