/**
 * An archive outlives the agent: nothing ages out while it is under its budget. A first sync
 * after importing years of history under the default budget trims nothing, and an archive
 * whose settings were saved with the old 365-day default (never chosen) reads it as off.
 */
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvictionReport, RetentionSettings } from '../shared/retention';
import type { ArchivedSummary } from '../shared/views';
import { dejavu, dejavuJson } from './cli';
import { importFixtures } from './retention-helpers';

function freshArchive(): { archive: string; env: Record<string, string> } {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-age-'));
  const home = path.join(work, 'home');
  mkdirSync(home);
  const archive = path.join(work, 'archive');
  return { archive, env: { DEJAVU_HOME: archive, HOME: home } };
}

/** Settings as a version before `retention.chosen` stored them: every value, defaults included. */
function saveLegacy(archive: string, settings: RetentionSettings): void {
  const db = new Database(path.join(archive, 'index.db'));
  try {
    db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)').run('retention', JSON.stringify(settings), '2026-01-01T00:00:00.000Z');
  } finally {
    db.close();
  }
}

const OLD_DEFAULTS: RetentionSettings = { softCapBytes: 2 * 1024 ** 3, hardCapBytes: 5 * 1024 ** 3, maxAgeDays: 365, digestCapBytes: 256 * 1024 ** 2, cadence: 'daily' };

describe('the maximum age', { timeout: 120_000 }, () => {
  it('trims nothing on the first sync after an import of old conversations under the default budget', () => {
    const { archive, env } = freshArchive();
    importFixtures(archive);
    const listed = dejavuJson<ArchivedSummary[]>(['list'], env);
    const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString();
    // The fixtures hold conversations idle for over a year: the old default would take them.
    expect(listed.filter((c) => (c.endedAt ?? c.startedAt ?? '9') < yearAgo).length).toBeGreaterThan(5);

    const synced = dejavuJson<{ eviction?: EvictionReport }>(['sync'], env);
    expect(synced.eviction, 'the daily sweep is due on a first sync').toBeDefined();
    expect(synced.eviction!.settings.maxAgeDays).toBeNull();
    expect(synced.eviction!.steps).toEqual([]);
    expect(dejavuJson<ArchivedSummary[]>(['list'], env).filter((c) => c.retentionStage !== undefined)).toEqual([]);
  });

  it('reads an old archive’s saved 365-day default as off, keeps values someone chose, and stores only what is set', () => {
    const { archive, env } = freshArchive();
    expect(dejavu(['settings'], env).code).toBe(0); // creates the archive
    saveLegacy(archive, OLD_DEFAULTS);
    const read = dejavuJson<RetentionSettings>(['settings'], env);
    expect(read.maxAgeDays).toBeNull();
    expect(dejavu(['settings'], env).stdout).toContain('max age     off');

    const chosen = freshArchive();
    expect(dejavu(['settings'], chosen.env).code).toBe(0);
    saveLegacy(chosen.archive, { ...OLD_DEFAULTS, maxAgeDays: 90, softCapBytes: 1024 ** 3 });
    expect(dejavuJson<RetentionSettings>(['settings'], chosen.env)).toMatchObject({ maxAgeDays: 90, softCapBytes: 1024 ** 3 });
    // Changing one value keeps the others the person chose, and leaves the rest at their defaults.
    const saved = dejavuJson<RetentionSettings>(['settings', '--cadence', 'manual'], chosen.env);
    // (`dejavu settings --json` also shows the redaction settings, at their defaults here.)
    expect(saved).toEqual({ ...OLD_DEFAULTS, maxAgeDays: 90, softCapBytes: 1024 ** 3, cadence: 'manual', redactExports: true, redactAtCapture: false });
    const db = new Database(path.join(chosen.archive, 'index.db'), { readonly: true });
    const rows = db.prepare("SELECT key, value FROM settings WHERE key LIKE 'retention%' ORDER BY key").all();
    db.close();
    expect(rows).toEqual([{ key: 'retention.chosen', value: JSON.stringify({ softCapBytes: 1024 ** 3, maxAgeDays: 90, cadence: 'manual' }) }]);
  });
});
