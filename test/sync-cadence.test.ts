/** `dejavu sync` applies the retention cadence: a sweep after the sync when it is due, never when manual. */
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dejavu, dejavuJson } from './cli';
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
});
