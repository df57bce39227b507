/**
 * Kill a real `dejavu evict --apply` with SIGKILL: at each point of a batch (after the ledger
 * intent, after the new blobs, after the index commit) and at a random moment. Right after
 * the kill the archive is consistent and every prompt readable; the next run repairs the
 * half-done step (finishing or rolling it back), leaves no stray files, and the ledger is true.
 */
import Database from 'better-sqlite3';
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvictionReport } from '../shared/retention';
import { dejavu, dejavuAsync, dejavuJson } from './cli';
import { expectConsistentFiles, expectPromptsReadable, importFixtures, type Prompts, snapshotPrompts } from './retention-helpers';

const TINY = ['--soft-cap', '1', '--hard-cap', '1'];

function ledger(archive: string): { status: string; n: number }[] {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    return db.prepare('SELECT status, COUNT(*) AS n FROM retention_ledger GROUP BY status ORDER BY status').all() as { status: string; n: number }[];
  } finally {
    db.close();
  }
}

/** Stages as the index says, and as the ledger's completed steps say: they must agree. */
function agreement(archive: string): { stages: number[]; fromLedger: number[] } {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    const stages = db.prepare('SELECT CASE WHEN retention_revision = revision THEN retention_stage ELSE 0 END FROM conversations ORDER BY id').pluck().all() as number[];
    const fromLedger = db
      .prepare(
        `SELECT COALESCE((SELECT MAX(CASE action WHEN 'stage-1' THEN 1 WHEN 'stage-2' THEN 2 ELSE 3 END) FROM retention_ledger l
           WHERE l.conversation_id = c.id AND l.status IN ('committed', 'done')), 0) FROM conversations c ORDER BY id`,
      )
      .pluck()
      .all() as number[];
    return { stages, fromLedger };
  } finally {
    db.close();
  }
}

describe('an eviction killed mid-run', { timeout: 240_000 }, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-evict-crash-'));
  const pristine = path.join(work, 'pristine');
  let before: Prompts;

  beforeAll(() => {
    importFixtures(pristine);
    before = snapshotPrompts(pristine);
  });

  it.each(['after-intent', 'after-blobs', 'after-commit'] as const)('is repaired by the next run when killed %s', (point) => {
    const archive = path.join(work, point);
    cpSync(pristine, archive, { recursive: true });
    const env = { DEJAVU_HOME: archive, DEJAVU_EVICT_BATCH: '4' };
    const killed = dejavu(['evict', '--apply', ...TINY], { ...env, DEJAVU_EVICT_CRASH_AT: point });
    expect(killed.code).toBe(-1); // killed by a signal
    const open = ledger(archive);
    expect(open).toEqual([{ status: point === 'after-commit' ? 'committed' : 'intent', n: 4 }]);
    // Consistent as it stands: every prompt reads, the index agrees with the ledger.
    expectPromptsReadable(archive, before);
    const mid = agreement(archive);
    expect(mid.stages).toEqual(mid.fromLedger);

    const next = dejavuJson<EvictionReport>(['evict', '--apply', ...TINY], env);
    expect(next.repaired).toBe(4);
    const statuses = Object.fromEntries(ledger(archive).map((r) => [r.status, r.n]));
    expect(statuses['rolled-back'] ?? 0).toBe(point === 'after-commit' ? 0 : 4);
    expect(statuses.intent ?? 0).toBe(0);
    expect(statuses.committed ?? 0).toBe(0);
    expectConsistentFiles(archive);
    expectPromptsReadable(archive, before);
    const end = agreement(archive);
    expect(end.stages).toEqual(end.fromLedger);
    expect(end.stages.every((s) => s === 2)).toBe(true);
  });

  it('is repaired when killed at a random moment', async () => {
    const archive = path.join(work, 'random');
    cpSync(pristine, archive, { recursive: true });
    const env = { DEJAVU_HOME: archive, DEJAVU_EVICT_BATCH: '2' };
    const child = dejavuAsync(['evict', '--apply', ...TINY], env);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    const steps = () => ledger(archive).reduce((n, r) => n + r.n, 0);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if (steps() >= 20) break;
      } catch {
        // The index is still being created or migrated.
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expectPromptsReadable(archive, before);
    const mid = agreement(archive);
    expect(mid.stages).toEqual(mid.fromLedger);

    const next = dejavu(['evict', '--apply', ...TINY], env);
    expect(next.code, next.stderr).toBe(0);
    expectConsistentFiles(archive);
    expectPromptsReadable(archive, before);
    const end = agreement(archive);
    expect(end.stages).toEqual(end.fromLedger);
    expect(end.stages.every((s) => s === 2)).toBe(true);
  });
});
