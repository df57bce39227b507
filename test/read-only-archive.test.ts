/**
 * An archive whose folder cannot be written (a backup, a read-only mount, another user's): the
 * readers read it as it is, and the writers say which folder is read-only and what to do.
 * Root writes through any permission, so as root the CLI runs as `nobody` (setpriv).
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../main/core/archive/migrate';
import { MIGRATIONS } from '../main/core/archive/migrations';
import { CLI, type CliResult, dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

const asRoot = process.getuid?.() === 0;
const setpriv = spawnSync('setpriv', ['--version']).status === 0;
const canDrop = !asRoot || setpriv;
if (!canDrop) console.warn('read-only archive test skipped: running as root without setpriv, so no user the permissions apply to');

/** The CLI as a user the folder's permissions apply to. */
function dejavuAsUser(args: readonly string[], archive: string): CliResult {
  const command = asRoot ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, CLI] : [process.execPath, CLI];
  const r = spawnSync(command[0], [...command.slice(1), ...args], { cwd: REPO_ROOT, env: { ...process.env, DEJAVU_HOME: archive, HOME: os.tmpdir() }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-ro-'));
chmodSync(work, 0o755); // `nobody` must reach the archives inside

/** A copy of the synced archive, made read-only. */
function readOnlyCopy(source: string, name: string, prepare?: (dir: string) => void): string {
  const dir = path.join(work, name);
  cpSync(source, dir, { recursive: true });
  prepare?.(dir);
  spawnSync('chmod', ['-R', 'a-w', dir]);
  return dir;
}

describe.skipIf(!canDrop)('a read-only archive', () => {
  const synced = path.join(work, 'synced');
  let ids: string[] = [];

  beforeAll(() => {
    expect(dejavu(['import', path.join(FIXTURES_DIR, 'claude-code')], { DEJAVU_HOME: synced }).code).toBe(0);
    ids = dejavuJson<{ id: string }[]>(['list'], { DEJAVU_HOME: synced }).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(3);
  });

  afterAll(() => {
    spawnSync('chmod', ['-R', 'u+w', work]);
    rmSync(work, { recursive: true, force: true });
  });

  it('is read by list, show, search, stats and settings, and nothing is written into it', () => {
    const archive = readOnlyCopy(synced, 'plain');
    const list = dejavuAsUser(['list', '--json'], archive);
    expect(list.stderr).toBe('');
    expect((JSON.parse(list.stdout) as { id: string }[]).map((c) => c.id)).toEqual(ids);
    const show = dejavuAsUser(['show', ids[0], '--json'], archive);
    expect(show.stderr).toBe('');
    expect((JSON.parse(show.stdout) as { id: string }).id).toBe(ids[0]);
    const search = dejavuAsUser(['search', 'the', '--json'], archive);
    expect(search.stderr).toBe('');
    expect((JSON.parse(search.stdout) as unknown[]).length).toBeGreaterThan(0);
    expect(dejavuAsUser(['stats'], archive).stdout).toContain(`${ids.length} conversation(s)`);
    expect(dejavuAsUser(['settings'], archive).stdout).toContain('soft cap');
    for (const f of ['index.db-wal', 'index.db-shm', 'search.db-wal', 'search.db-shm', 'sync.lock']) expect(existsSync(path.join(archive, f)), f).toBe(false);
  });

  it('makes sync, evict --apply and pin say which folder is read-only and what to do', () => {
    const archive = readOnlyCopy(synced, 'writers');
    for (const args of [['sync', '--source', path.join(FIXTURES_DIR, 'codex')], ['evict', '--apply'], ['pin', ids[0]], ['settings', '--cadence', 'manual']]) {
      const r = dejavuAsUser(args, archive);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(new RegExp(`^dejavu: the archive folder ${archive} is read-only \\(.+\\), so this command cannot write to it: make it writable \\(chmod -R u\\+w "${archive}", or remount it read-write\\)`));
    }
  });

  it('reads commits still in a WAL when its -shm is there, and says what to do when it is not', () => {
    const withWal = (dir: string) => {
      // A writer stopped before it checkpointed: the last commit is only in index.db-wal.
      const db = new Database(path.join(dir, 'index.db'));
      db.pragma('wal_autocheckpoint = 0');
      db.prepare("UPDATE conversations SET title = 'only in the WAL' WHERE id = ?").run(ids[0]);
      const files = ['index.db', 'index.db-wal', 'index.db-shm'];
      const stash = mkdtempSync(path.join(work, 'stash-'));
      for (const f of files) cpSync(path.join(dir, f), path.join(stash, f));
      db.close(); // checkpoints and removes the WAL: put the stopped writer's files back
      for (const f of files) cpSync(path.join(stash, f), path.join(dir, f));
    };
    const archive = readOnlyCopy(synced, 'wal', withWal);
    const list = dejavuAsUser(['list', '--json'], archive);
    expect(list.stderr).toBe('');
    expect((JSON.parse(list.stdout) as { id: string; title: string }[]).find((c) => c.id === ids[0])?.title).toBe('only in the WAL');

    const noShm = readOnlyCopy(synced, 'wal-no-shm', (dir) => {
      withWal(dir);
      rmSync(path.join(dir, 'index.db-shm'));
    });
    const r = dejavuAsUser(['list'], noShm);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`dejavu: the archive folder ${noShm} is read-only and index.db has writes still in index.db-wal`);
    expect(r.stderr).toContain(`make it writable (chmod -R u+w "${noShm}"`);
  });

  it('says an older archive cannot be upgraded while it is read-only', () => {
    const old = path.join(work, 'old-source');
    mkdirSync(old);
    const db = new Database(path.join(old, 'index.db'));
    migrate(db, MIGRATIONS.slice(0, -1), old);
    db.close();
    const archive = readOnlyCopy(old, 'old');
    const r = dejavuAsUser(['list'], archive);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`dejavu: the archive in ${archive} was written by an older Déjà Vu (index.db schema ${MIGRATIONS.length - 1}, this one needs ${MIGRATIONS.at(-1)!.version}) and its folder is read-only, so it cannot be upgraded`);
  });
});
