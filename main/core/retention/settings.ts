/**
 * The person's retention settings, kept in the index database (so the app and the CLI share
 * them), with defaults sized from real archives.
 *
 * Measured on the real fixtures (74 conversations from 10 agents, 21.5 MB of source files):
 * a whole conversation costs ~515 KB on disk (64 KB blob + ~450 KB of trigram search index:
 * 3.7 bytes per indexed character), 1.8× its source; after stage 1 ~225 KB (17 KB blob, search
 * text halved: tool output truncated); after stage 2 ~11 KB (1.4 KB blob, a ~6 KB search
 * index of the prompts, a 3.9 KB digest). A heavy user (20 conversations a day) adds ~3.7 GB
 * a year. So: a 2 GiB soft cap keeps ~4,000 whole conversations (about half a year of heavy
 * use); a 5 GiB hard cap then still holds ~15,000 at stage 1 before any thread goes; raw bulk
 * older than a year goes regardless; digests alert past 256 MiB (~65,000 conversations), and
 * a daily sweep keeps the work small.
 */
import type { RetentionPatch, RetentionSettings } from '../../../shared/retention';
import { retentionPatchSchema } from '../../../shared/retention-schema';
import type { IndexDb } from '../archive/db';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

export const DEFAULT_SETTINGS: RetentionSettings = {
  softCapBytes: 2 * GIB,
  hardCapBytes: 5 * GIB,
  maxAgeDays: 365,
  digestCapBytes: 256 * MIB,
  cadence: 'daily',
};

/** A partial update (validated by retentionPatchSchema before it is stored). */
export const settingsPatchSchema = retentionPatchSchema;
export type SettingsPatch = RetentionPatch;

export class InvalidSettingsError extends Error {
  override readonly name = 'InvalidSettingsError';
}

const KEY = 'retention';
const LAST_RUN_KEY = 'retention.last-run';

export function readSettings(db: IndexDb): RetentionSettings {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (!row) return DEFAULT_SETTINGS;
  try {
    // Keys added by a later version fall back to their defaults.
    return withPatch(DEFAULT_SETTINGS, settingsPatchSchema.parse(JSON.parse(row.value)));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The settings with `patch` applied; the hard cap may never be below the soft cap. */
export function withPatch(base: RetentionSettings, patch: SettingsPatch): RetentionSettings {
  const next = { ...base };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  if (next.hardCapBytes < next.softCapBytes) throw new InvalidSettingsError(`the hard cap (${next.hardCapBytes} bytes) is below the soft cap (${next.softCapBytes} bytes)`);
  return next;
}

export function saveSettings(db: IndexDb, patch: SettingsPatch): RetentionSettings {
  const next = withPatch(readSettings(db), settingsPatchSchema.parse(patch));
  db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at').run(
    KEY,
    JSON.stringify(next),
    new Date().toISOString(),
  );
  return next;
}

export function lastRunAt(db: IndexDb): string | undefined {
  return (db.prepare('SELECT value FROM settings WHERE key = ?').get(LAST_RUN_KEY) as { value: string } | undefined)?.value;
}

export function markRun(db: IndexDb, at: string): void {
  db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at').run(LAST_RUN_KEY, at, at);
}

/** Whether the cadence asks for a sweep after a sync, given when the last one ran. */
export function sweepDue(settings: RetentionSettings, last: string | undefined, now = Date.now()): boolean {
  if (settings.cadence === 'on-sync') return true;
  if (settings.cadence === 'manual') return false;
  return !last || now - Date.parse(last) >= 24 * 3_600_000;
}

/** "500MB", "2GiB", "1.5G", "1048576": bytes. */
export function parseBytes(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b)?\s*$/i.exec(text);
  if (!m) return undefined;
  const power = 'bkmgt'.indexOf((m[2] || 'b').toLowerCase());
  return Math.round(Number(m[1]) * 1024 ** power);
}
