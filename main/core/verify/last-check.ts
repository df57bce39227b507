/** The last `dejavu verify`, kept in the index's settings table so the app can show it. */
import type { IntegrityCheck } from '../../../shared/verify';
import type { IndexDb } from '../archive/db';

const KEY = 'verify.last-check';

export function recordLastCheck(db: IndexDb, check: IntegrityCheck): void {
  db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at').run(
    KEY,
    JSON.stringify(check),
    check.at,
  );
}

export function readLastCheck(db: IndexDb): IntegrityCheck | null {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (!row) return null;
  try {
    return JSON.parse(row.value) as IntegrityCheck;
  } catch {
    return null; // an unreadable record reads as "never checked"; the next check rewrites it
  }
}
