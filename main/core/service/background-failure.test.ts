/**
 * A failure of work nobody awaits reaches whoever watches the service: the sweep a sync starts
 * (cadence on-sync) fails on a damaged ledger entry, or the app's own periodic sync finds the
 * archive busy, and the failure is logged and emitted as `dejavu:background-failure` instead of
 * vanishing.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContractEvents } from '../../../shared/contract';
import { claudeTarget, CLAUDE_FIXTURE, splitFixture, writeHead } from '../../../test/live-home';
import { openArchiveWriter } from '../access/open-writer';
import { ArchiveService } from './archive-service';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-background-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('ArchiveService background work', () => {
  it('reports a failed sweep after a sync to its observers and its log', async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(tmp, 'archive');
    writeHead(splitFixture(CLAUDE_FIXTURE, claudeTarget(home), 1, 1));
    const logged: string[] = [];
    const service = new ArchiveService({ root, sources: [home], log: (level, scope, message) => logged.push(`${level} [${scope}] ${message}`) });
    const failures: ContractEvents['dejavu:background-failure'][] = [];
    service.on('dejavu:background-failure', (f) => failures.push(f));
    try {
      expect((await service.handle('dejavu:set-retention', { settings: { cadence: 'on-sync' } })).ok).toBe(true);
      // The sync succeeds; then, before the sweep it starts, a ledger entry is damaged on disk:
      // its new blob names a path outside the archive, which the sweep's repair refuses to touch.
      service.on('dejavu:sync-progress', (p) => {
        if (!('finished' in p)) return;
        const db = new Database(path.join(root, 'index.db'));
        const id = (db.prepare('SELECT id FROM conversations LIMIT 1').get() as { id: string }).id;
        db.prepare(
          `INSERT INTO retention_ledger (run_id, at, conversation_id, action, reason, status, old_blob, new_blob, bytes_before, bytes_after)
           VALUES ('damaged', '2026-01-01T00:00:00.000Z', ?, 'stage-1', 'soft-cap', 'intent', NULL, '../outside.pb', 0, 0)`,
        ).run(id);
        db.close();
      });
      expect((await service.sync()).created).toBeGreaterThan(0);
      await service.idle();
    } finally {
      service.close();
    }
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ task: 'eviction sweep', message: 'refusing to write outside the archive: ../outside.pb' });
    expect(logged).toEqual(['error [service] eviction sweep failed: refusing to write outside the archive: ../outside.pb']);
  });

  it('reports the app’s own sync failing (the archive held by another writer) without throwing', async () => {
    const home = path.join(tmp, 'busy-home');
    const root = path.join(tmp, 'busy-archive');
    writeHead(splitFixture(CLAUDE_FIXTURE, claudeTarget(home), 1, 1));
    const logged: string[] = [];
    const service = new ArchiveService({ root, sources: [home], log: (level, scope, message) => logged.push(`${level} [${scope}] ${message}`) });
    const failures: ContractEvents['dejavu:background-failure'][] = [];
    service.on('dejavu:background-failure', (f) => failures.push(f));
    const other = openArchiveWriter(root);
    try {
      await service.background('sync', () => service.sync());
    } finally {
      other.close();
      service.close();
    }
    expect(failures).toEqual([{ task: 'sync', message: 'this process is already writing this archive (one writer at a time)', at: expect.any(String) }]);
    expect(logged).toEqual(['error [service] sync failed: this process is already writing this archive (one writer at a time)']);
  });

  it('keeps the failures for `dejavu:status`, so a window that subscribes later still sees them, newest first', async () => {
    const home = path.join(tmp, 'late-home');
    const root = path.join(tmp, 'late-archive');
    writeHead(splitFixture(CLAUDE_FIXTURE, claudeTarget(home), 1, 1));
    const service = new ArchiveService({ root, sources: [home], log: () => undefined });
    const other = openArchiveWriter(root);
    try {
      // Nobody listens yet: both failures happen before any window subscribed.
      await service.background('sync', () => service.sync());
      await service.background('live capture', () => Promise.reject(new Error('EISDIR: illegal operation on a directory, read')));
    } finally {
      other.close();
    }
    try {
      const status = await service.handle('dejavu:status', {});
      expect(status.ok).toBe(true);
      expect(status.ok && status.value.recentFailures.map((f) => [f.task, f.message])).toEqual([
        ['live capture', 'EISDIR: illegal operation on a directory, read'],
        ['sync', 'this process is already writing this archive (one writer at a time)'],
      ]);
    } finally {
      service.close();
    }
  });
});
