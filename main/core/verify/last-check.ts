/** The last `dejavu verify`, kept in the index's settings table so the app can show it. */
import type { IntegrityCheck } from '../../../shared/verify';
import type { ReadableIndex, WritableIndex } from '../archive/db';
import { getSetting } from '../archive/index-store/read-settings';
import { putSetting } from '../archive/index-store/write-settings';

const KEY = 'verify.last-check';

export function recordLastCheck(db: WritableIndex, check: IntegrityCheck): void {
  putSetting(db, KEY, JSON.stringify(check), check.at);
}

export function readLastCheck(db: ReadableIndex): IntegrityCheck | null {
  const value = getSetting(db, KEY);
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as IntegrityCheck;
  } catch {
    return null; // an unreadable record reads as "never checked"; the next check rewrites it
  }
}
