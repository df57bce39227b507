/**
 * `dejavu pin` writes under the archive's writer lock, with real processes: during a running
 * sync it waits for the sync and is saved after it; while `dejavu sync --watch` holds the
 * archive (it never ends by itself) it is refused with a sentence and changes nothing.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { IntegrityReport } from '../shared/verify';
import { dejavu, dejavuAsync } from './cli';
import { until } from './live-home';
import { appendPrompt, buildMarkedHome, markerWord } from './stress/marked-corpus';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-pin-lock-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function pinnedOf(archive: string, id: string): number {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    return (db.prepare('SELECT pinned FROM conversations WHERE id = ?').get(id) as { pinned: number }).pinned;
  } finally {
    db.close();
  }
}

/** The pid written in the archive's lock file, when one is there (it may go between a look and a read). */
function lockHolder(archive: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(path.join(archive, 'sync.lock'), 'utf8').split(' ')[0], 10);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function run(args: readonly string[], env: Record<string, string>) {
  const child = dejavuAsync(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('dejavu pin and the writer lock', () => {
  it('during a running sync waits for it, then pins; nothing is lost and the archive verifies', async () => {
    const home = path.join(tmp, 'home');
    const archive = path.join(tmp, 'archive');
    const env = { HOME: home, DEJAVU_HOME: archive, DEJAVU_SYNC_BATCH_BYTES: '1' };
    const files = buildMarkedHome(home, 40);
    expect(dejavu(['sync'], env).code).toBe(0);
    const id = (JSON.parse(dejavu(['list', '--json'], env).stdout) as { id: string }[])[0].id;
    for (const [i, f] of files.entries()) appendPrompt(f, markerWord('again', i));
    const sync = run(['sync'], env);
    await until(() => lockHolder(archive) === sync.child.pid, 30_000, 'the sync to hold the archive');
    // When the sync was last seen holding the lock (it lets it go before its process ends).
    let lastHeldBySync = Date.now();
    const watch = setInterval(() => {
      if (lockHolder(archive) === sync.child.pid) lastHeldBySync = Date.now();
    }, 5);
    const pin = run(['pin', id], env);
    const [synced, pinned] = await Promise.all([sync.exited, pin.exited]).finally(() => clearInterval(watch));
    expect(synced.code, sync.err()).toBe(0);
    expect(pinned.code, pin.err()).toBe(0);
    expect(pin.out()).toBe(`pinned ${id}\n`);
    // It waited for the sync's lock: it ended after the sync let the archive go.
    expect(pinned.at).toBeGreaterThanOrEqual(lastHeldBySync);
    expect(pinnedOf(archive, id)).toBe(1);
    const verify = JSON.parse(dejavu(['verify', '--json'], env).stdout) as IntegrityReport;
    expect(verify.groups).toEqual([]);
  }, 120_000);

  it('while sync --watch holds the archive, is refused with what to do, and changes nothing', async () => {
    const home = path.join(tmp, 'watch-home');
    const archive = path.join(tmp, 'watch-archive');
    const env = { HOME: home, DEJAVU_HOME: archive };
    buildMarkedHome(home, 2);
    expect(dejavu(['sync'], env).code).toBe(0);
    const id = (JSON.parse(dejavu(['list', '--json'], env).stdout) as { id: string }[])[0].id;
    const watch = run(['sync', '--watch'], env);
    try {
      await until(() => watch.out().includes('watching'), 30_000, 'the watcher to start');
      const r = dejavu(['pin', id], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `dejavu: dejavu sync --watch (pid ${watch.child.pid}) is writing the archive ${archive}: it syncs by itself while it runs, so a sync here is not needed; to run this command anyway, stop it (Ctrl-C where it runs, or kill ${watch.child.pid}) first\n`,
      );
      expect(pinnedOf(archive, id)).toBe(0);
    } finally {
      watch.child.kill('SIGTERM');
    }
    expect((await watch.exited).code).toBe(0);
    expect(dejavu(['pin', id], env).stdout).toBe(`pinned ${id}\n`);
    expect(pinnedOf(archive, id)).toBe(1);
  }, 120_000);

  it('saves a setting into an archive folder no sync has made yet', () => {
    const archive = path.join(tmp, 'not-yet', 'archive');
    const r = dejavu(['settings', '--redact-at-capture', 'on'], { DEJAVU_HOME: archive });
    expect(r.code, r.stderr).toBe(0);
    expect(dejavu(['settings', '--json'], { DEJAVU_HOME: archive }).stdout).toMatch(/"redactAtCapture":\s*true/);
  });
});
