/**
 * A sync onto a disk that fills up part-way: it must end (not hang) with an error saying which
 * folder is full and what to do, leave the archive consistent, and a rerun once there is room
 * must finish the job. The full disk is a real one: a small tmpfs, which only root may mount.
 */
import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCorpus, loadSeeds } from '../bench/corpus';
import { dejavu, dejavuWithin } from './cli';
import { FIXTURES_DIR } from './fixtures';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-full-'));
const disk = path.join(work, 'disk');
mkdirSync(disk);
const mounted = process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', disk]).status === 0;
if (!mounted) console.warn('disk-full test skipped: it needs root to mount a small tmpfs');

afterAll(() => {
  // Lazily if a process still has it open, so a failed run leaves no mount behind.
  if (mounted && spawnSync('umount', [disk]).status !== 0) spawnSync('umount', ['-l', disk]);
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
});
