/**
 * Kill a real `dejavu evict --apply` with SIGKILL: at each point of a batch (after the ledger
 * intent, after the new blobs, after the index commit) and at seeded random moments. Right
 * after the kill the archive is consistent and every prompt readable; the next run repairs the
 * half-done step (finishing or rolling it back), leaves no stray files, the ledger is true, and
 * every conversation ends at the stage an uninterrupted sweep would have left it at.
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvictionReport } from '../shared/retention';
import { archiveDiskBytes } from '../main/core/archive/disk-usage';
import { dejavu, dejavuAsync, dejavuJson } from './cli';
import { random } from './random';
import { agreement, ledger, stageById, steps } from './stress/archive-state';
import { expectConsistentFiles, expectPromptsReadable, importFixtures, type Prompts, snapshotPrompts } from './retention-helpers';

const TINY = ['--soft-cap', '1', '--hard-cap', '1'];

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

  it('counts the archive as an uninterrupted sweep does, whatever a killed one left open (-shm files, its lock)', () => {
    const runs = (['clean', 'left'] as const).map((name) => {
      const archive = path.join(work, `count-${name}`);
      cpSync(pristine, archive, { recursive: true });
      if (name === 'left') {
        // A sweep killed once it had opened both databases: their shared-memory files, and the
        // lock of a process that is gone (a pid no process has, so longer than most).
        for (const db of ['index.db', 'search.db']) writeFileSync(path.join(archive, `${db}-shm`), Buffer.alloc(32 * 1024));
        writeFileSync(path.join(archive, 'sync.lock'), '4194303 0123456789abcdef dejavu evict');
      }
      // Caps far above the archive: nothing to do, only the count it starts from.
      return dejavuJson<EvictionReport>(['evict', '--apply', '--soft-cap', '1GB', '--hard-cap', '2GB', '--max-age', 'off'], { DEJAVU_HOME: archive });
    });
    expect(runs[1].archiveBytesBefore).toBe(runs[0].archiveBytesBefore);
    expect(runs[0].steps).toEqual([]);
  });

  /**
   * Killed at seeded random moments (after a random number of ledger steps within each sixth of
   * the sweep, so both passes are hit, plus a random few milliseconds), then run again: each conversation must end at the stage an uninterrupted
   * sweep of an identical archive leaves it at. Caps relative to the archive, so both stages
   * happen whatever the fixtures weigh; the killed runs use small batches, the reference the default.
   */
  describe('killed at a random moment and run again', () => {
    let caps: string[];
    let expected: Record<string, number>;
    let reference: number;

    beforeAll(() => {
      const size = archiveDiskBytes(pristine);
      caps = ['--soft-cap', String(Math.round(size * 0.3)), '--hard-cap', String(Math.round(size * 0.35)), '--max-age', 'off'];
      const archive = path.join(work, 'uninterrupted');
      cpSync(pristine, archive, { recursive: true });
      const r = dejavu(['evict', '--apply', ...caps], { DEJAVU_HOME: archive });
      expect(r.code, r.stderr).toBe(0);
      expected = stageById(archive);
      reference = steps(archive);
      const stages = new Set(Object.values(expected));
      expect([stages.has(1), stages.has(2)]).toEqual([true, true]); // the caps make both stages happen
    });

    const TRIES = 6;
    it.each(Array.from({ length: TRIES }, (_, i) => i))('try %i ends where the uninterrupted sweep ends', async (i) => {
      const rand = random(1_000_003 * (i + 1));
      const archive = path.join(work, `random-${i}`);
      cpSync(pristine, archive, { recursive: true });
      const env = { DEJAVU_HOME: archive, DEJAVU_EVICT_BATCH: '4' };
      const target = Math.max(1, Math.floor(((i + rand()) * reference) / TRIES));
      const extraMs = Math.floor(rand() * 40);
      const child = dejavuAsync(['evict', '--apply', ...caps], env);
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        try {
          if (steps(archive) >= target) break;
        } catch {
          // The index is being written: look again.
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await new Promise((r) => setTimeout(r, extraMs));
      child.kill('SIGKILL');
      // A target in the last sixth of the sweep may be passed by its last batches and its end before
      // the kill lands (a loaded machine): that try then checks a finished sweep; the others a killed one.
      const signal = await exited;
      if (target <= (reference * 5) / 6 || signal !== null) expect(signal).toBe('SIGKILL');
      expectPromptsReadable(archive, before);
      const mid = agreement(archive);
      expect(mid.stages).toEqual(mid.fromLedger);

      const next = dejavu(['evict', '--apply', ...caps], env);
      expect(next.code, next.stderr).toBe(0);
      expectConsistentFiles(archive);
      expectPromptsReadable(archive, before);
      expect(stageById(archive)).toEqual(expected);
    });
  });
});
