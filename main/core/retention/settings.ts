/**
 * The person's retention settings, kept in the index database (so the app and the CLI share
 * them), with defaults sized from real archives.
 *
 * Measured on the real fixtures (74 conversations from 10 agents, 21.5 MB of source files):
 * a whole conversation costs ~515 KB on disk (64 KB blob + ~450 KB of trigram search index:
 * 3.7 bytes per indexed character), 1.8× its source; after stage 1 ~225 KB (17 KB blob, search
 * text halved: tool output truncated), ~45 KB more since stage 1 keeps the identifiers of the
 * output it drops for search (on the 74 fixture conversations stage 1 takes the archive from 34.0 MB
 * to 22.1 MB, against 18.7 MB without them); after stage 2 ~11 KB (1.4 KB blob, a ~6 KB search
 * index of the prompts, a 3.9 KB digest). A heavy user (20 conversations a day) adds ~3.7 GB
 * a year. So: a 2 GiB soft cap keeps ~4,000 whole conversations (about half a year of heavy
 * use); a 5 GiB hard cap then still holds ~15,000 at stage 1 before any thread goes; digests
 * alert past 256 MiB (~65,000 conversations), and a daily sweep keeps the work small.
 *
 * No maximum age by default: an archive is kept so conversations outlive the agent's files, so
 * nothing ages out while it is under its budget (a first sync of years of history used to trim
 * a fifth of it at once). Even when set, the age applies only over the soft cap.
 *
 * Only what the person chose is stored (key `retention.chosen`), so a later change of a default
 * reaches everyone who never set that value. Archives from before stored every value under
 * `retention`, defaults included; there a value equal to the default of then counts as never
 * chosen (so a stored 365-day maximum age, the old default, now reads as off).
 */
import type { RetentionPatch, RetentionSettings } from '../../../shared/retention';
import { retentionPatchSchema } from '../../../shared/retention-schema';
import type { ReadableIndex, WritableIndex } from '../archive/db';
import { inTransaction } from '../archive/index-store/handle';
import { getSetting } from '../archive/index-store/read-settings';
import { deleteSetting, putSetting } from '../archive/index-store/write-settings';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

export const DEFAULT_SETTINGS: RetentionSettings = {
  softCapBytes: 2 * GIB,
  hardCapBytes: 5 * GIB,
  maxAgeDays: null,
  digestCapBytes: 256 * MIB,
  cadence: 'daily',
};

/** A partial update (validated by retentionPatchSchema before it is stored). */
export const settingsPatchSchema = retentionPatchSchema;
export type SettingsPatch = RetentionPatch;

export class InvalidSettingsError extends Error {
  override readonly name = 'InvalidSettingsError';
}

const CHOSEN_KEY = 'retention.chosen';
/** Every value, defaults included, as versions before `retention.chosen` stored them. */
const LEGACY_KEY = 'retention';
const LEGACY_DEFAULTS: RetentionSettings = { ...DEFAULT_SETTINGS, maxAgeDays: 365 };
const LAST_RUN_KEY = 'retention.last-run';

/** The values the person set (a stored value that does not parse counts as never set). */
function chosen(db: ReadableIndex): SettingsPatch {
  const parse = (text: string): SettingsPatch => {
    try {
      return settingsPatchSchema.parse(JSON.parse(text));
    } catch {
      return {};
    }
  };
  const current = getSetting(db, CHOSEN_KEY);
  if (current !== undefined) return parse(current);
  const legacy = getSetting(db, LEGACY_KEY);
  if (legacy === undefined) return {};
  return Object.fromEntries(Object.entries(parse(legacy)).filter(([k, v]) => v !== LEGACY_DEFAULTS[k as keyof RetentionSettings])) as SettingsPatch;
}

export function readSettings(db: ReadableIndex): RetentionSettings {
  try {
    // Values never chosen take their defaults.
    return withPatch(DEFAULT_SETTINGS, chosen(db));
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

export function saveSettings(db: WritableIndex, patch: SettingsPatch): RetentionSettings {
  const set = Object.fromEntries(Object.entries(settingsPatchSchema.parse(patch)).filter(([, v]) => v !== undefined));
  const next = { ...chosen(db), ...set };
  const settings = withPatch(DEFAULT_SETTINGS, next);
  inTransaction(db, () => {
    putSetting(db, CHOSEN_KEY, JSON.stringify(next));
    deleteSetting(db, LEGACY_KEY);
  });
  return settings;
}

export function lastRunAt(db: ReadableIndex): string | undefined {
  return getSetting(db, LAST_RUN_KEY);
}

export function markRun(db: WritableIndex, at: string): void {
  putSetting(db, LAST_RUN_KEY, at, at);
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
