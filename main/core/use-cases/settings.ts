/** Settings: the retention budget and the secret redaction the app and the CLI share. */
import type { PrivacySettings } from '../../../shared/privacy';
import type { RetentionSettings } from '../../../shared/retention';
import type { ArchiveReader } from '../access/archive-reader';
import { openReadableIndex, type WritableIndex } from '../archive/db';
import { type PrivacyPatch, readPrivacy, savePrivacy } from '../redact/settings';
import { readSettings, saveSettings, type SettingsPatch } from '../retention/settings';
import type { ArchiveWrites } from './writes';

export { InvalidSettingsError, parseBytes, type SettingsPatch } from '../retention/settings';
export type { PrivacyPatch } from '../redact/settings';

export interface ArchiveSettings {
  readonly settings: RetentionSettings;
  readonly privacy: PrivacySettings;
}

/** The settings as saved; works on a read-only archive too. */
export function readArchiveSettings(root: string): ArchiveSettings {
  const db = openReadableIndex(root);
  try {
    return { settings: readSettings(db), privacy: readPrivacy(db) };
  } finally {
    db.close();
  }
}

/** Save what the patches set (InvalidSettingsError when a value is out of bounds), under the writer lock. */
export function changeSettings(writes: ArchiveWrites, patch: SettingsPatch, privacyPatch: PrivacyPatch = {}): Promise<ArchiveSettings> {
  const changingPrivacy = Object.values(privacyPatch).some((v) => v !== undefined);
  return writes.withIndex((db: WritableIndex) => ({ settings: saveSettings(db, patch), privacy: changingPrivacy ? savePrivacy(db, privacyPatch) : readPrivacy(db) }));
}

export function saveRetention(writes: ArchiveWrites, patch: SettingsPatch): Promise<RetentionSettings> {
  return writes.withIndex((db) => saveSettings(db, patch));
}

export function savePrivacySettings(writes: ArchiveWrites, patch: PrivacyPatch): Promise<PrivacySettings> {
  return writes.withIndex((db) => savePrivacy(db, patch));
}

/** The privacy settings, through the app's reader. */
export function privacyOf(reader: ArchiveReader): PrivacySettings {
  return readPrivacy(reader.db);
}
