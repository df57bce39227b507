/**
 * What `dejavu evict` says it freed adds up: before − after = freed = conversation records +
 * search index, in the dry run and in the real run, as JSON and as printed; and the dry run
 * predicts the real run: the same steps and record bytes exactly, the search index within its
 * estimate.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvictionReport } from '../shared/retention';
import { archiveDiskBytes } from '../main/core/archive/disk-usage';
import { dejavu, dejavuJson } from './cli';
import { importFixtures } from './retention-helpers';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
const sizeOf = (n: string, unit: string) => Number(n) * 1024 ** UNITS.indexOf(unit);
const SIZE = '([\\d.]+) (B|KB|MB|GB)';

/** The printed figures: before → after, freed, records, index; and the rounding of the unit they are in. */
function printed(stdout: string) {
  const archive = new RegExp(`^Archive: ${SIZE} → ${SIZE}`, 'm').exec(stdout);
  const freed = new RegExp(`^${SIZE} (?:would be )?freed: ${SIZE} of conversation records, (?:about )?${SIZE} of search index`, 'm').exec(stdout);
  expect(archive, stdout).not.toBeNull();
  expect(freed, stdout).not.toBeNull();
  const [, b, bu, a, au] = archive!;
  const [, f, fu, r, ru, i, iu] = freed!;
  return { before: sizeOf(b, bu), after: sizeOf(a, au), freed: sizeOf(f, fu), records: sizeOf(r, ru), index: sizeOf(i, iu), slack: 0.11 * 1024 ** Math.max(...[bu, au, fu].map((u) => UNITS.indexOf(u))) };
}

function expectAddsUp(r: EvictionReport): void {
  expect(r.bytesFreed).toBe(r.archiveBytesBefore - r.archiveBytesAfter);
  expect(r.recordBytesFreed).toBe(r.steps.reduce((n, s) => n + s.bytesFreed, 0));
  expect(r.recordBytesFreed + r.indexBytesFreed).toBe(r.bytesFreed);
}

describe('the figures of an eviction', { timeout: 180_000 }, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-report-'));
  const pristine = path.join(work, 'pristine');
  let caps: string[];

  beforeAll(() => {
    importFixtures(pristine);
    // Both stages: everything trimmed, then the oldest down to their digest.
    caps = ['--soft-cap', '1', '--hard-cap', String(Math.round(archiveDiskBytes(pristine) * 0.25)), '--max-age', 'off'];
  });

  it('add up, and the dry run predicts the real run', () => {
    const archive = path.join(work, 'json');
    cpSync(pristine, archive, { recursive: true });
    const env = { DEJAVU_HOME: archive };
    const plan = dejavuJson<EvictionReport>(['evict', '--dry-run', ...caps], env);
    const done = dejavuJson<EvictionReport>(['evict', '--apply', ...caps], env);
    expectAddsUp(plan);
    expectAddsUp(done);
    expect(new Set(done.steps.map((s) => s.action))).toEqual(new Set(['stage-1', 'stage-2']));
    expect(plan.steps).toEqual(done.steps);
    expect(plan.recordBytesFreed).toBe(done.recordBytesFreed);
    expect(Math.abs(plan.archiveBytesBefore - done.archiveBytesBefore)).toBeLessThan(4096); // the real run's lock file
    // The search index is the estimate: within 15% of what compaction really gave back.
    expect(Math.abs(plan.indexBytesFreed - done.indexBytesFreed)).toBeLessThan(done.indexBytesFreed * 0.15);
  });

  it('add up as printed', () => {
    const archive = path.join(work, 'text');
    cpSync(pristine, archive, { recursive: true });
    const env = { DEJAVU_HOME: archive };
    const plan = dejavu(['evict', '--dry-run', ...caps], env);
    const done = dejavu(['evict', '--apply', ...caps], env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(done.code, done.stderr).toBe(0);
    expect(plan.stdout).toMatch(/would be freed: .* of conversation records, about .* of search index \(estimated from the characters indexed; the real run measures it after compacting\)/);
    expect(done.stdout).toMatch(/ freed: .* of conversation records, .* of search index \(measured after compacting it\)/);
    for (const out of [plan.stdout, done.stdout]) {
      const p = printed(out);
      expect(Math.abs(p.before - p.after - p.freed), out).toBeLessThanOrEqual(p.slack);
      expect(Math.abs(p.records + p.index - p.freed), out).toBeLessThanOrEqual(p.slack);
    }
  });
});
