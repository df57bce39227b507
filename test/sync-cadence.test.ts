/**
 * `dejavu sync` (and `sync --watch`, through live capture's writer) applies the retention
 * cadence: a sweep after the sync when it is due, never when manual.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dejavu, dejavuAsync, dejavuJson } from './cli';
import { until } from './live-home';
import { provenanceFor } from './provenance';

interface SyncJson {
  read: number;
  eviction?: { steps: { action: string }[] };
}

function archiveWithConversations() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cadence-'));
  const home = path.join(work, 'home');
  mkdirSync(home);
  const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: home };
  expect(dejavu(['import', ...provenanceFor('codex').slice(0, 3).map((f) => f.absPath)], env).code).toBe(0);
  return env;
}

describe('sync and the retention cadence', () => {
  it('sweeps after a sync when the cadence says so, and not with --no-evict', () => {
    const env = archiveWithConversations();
    expect(dejavu(['settings', '--soft-cap', '1', '--hard-cap', '2', '--cadence', 'on-sync'], env).code).toBe(0);
    const skipped = dejavuJson<SyncJson>(['sync', '--no-evict'], env);
    expect(skipped.eviction).toBeUndefined();
    const swept = dejavuJson<SyncJson>(['sync'], env);
    expect(swept.eviction?.steps.length).toBeGreaterThan(0);
    const listed = dejavuJson<{ id: string; sourcePath: string; retentionStage?: number }[]>(['list'], env);
    expect(listed.every((c) => c.retentionStage === 2)).toBe(true);
    // Every prompt typed is still readable after the sweep.
    for (const c of listed) {
      const facts = provenanceFor('codex').find((f) => f.absPath === c.sourcePath)!;
      const record = dejavuJson<{ messages: { role: string }[] }>(['show', c.id], env);
      expect(record.messages.filter((m) => m.role === 'user')).toHaveLength(facts.prompts);
    }
  });

  it('leaves the archive alone when the cadence is manual', () => {
    const env = archiveWithConversations();
    expect(dejavu(['settings', '--soft-cap', '1', '--hard-cap', '2', '--cadence', 'manual'], env).code).toBe(0);
    expect(dejavuJson<SyncJson>(['sync'], env).eviction).toBeUndefined();
    expect(dejavuJson<{ retentionStage?: number }[]>(['list'], env).every((c) => c.retentionStage === undefined)).toBe(true);
  });

  it('sweeps after the first sync of `sync --watch` too, through the watcher’s writer', async () => {
    const env = archiveWithConversations();
    expect(dejavu(['settings', '--soft-cap', '1', '--hard-cap', '2', '--cadence', 'on-sync'], env).code).toBe(0);
    const child = dejavuAsync(['sync', '--watch', '--json', '--source', env.HOME], env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      // The report is printed once the sync and its sweep are done; then it watches.
      await until(() => parses(stdout), 30_000, `the sync report (${stderr})`);
    } finally {
      child.kill('SIGTERM');
    }
    await exited;
    expect((JSON.parse(stdout) as SyncJson).eviction?.steps.length).toBeGreaterThan(0);
    expect(dejavuJson<{ retentionStage?: number }[]>(['list'], env).every((c) => c.retentionStage === 2)).toBe(true);
  }, 60_000);
});

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
