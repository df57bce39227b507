/** The index's key/value settings table: retention, privacy and the machine's name keep their values here. */
import type { IndexDb } from './db';

export function getSetting(db: IndexDb, key: string): string | undefined {
  return (db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function putSetting(db: IndexDb, key: string, value: string, at = new Date().toISOString()): void {
  db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at').run(key, value, at);
}

export function deleteSetting(db: IndexDb, key: string): void {
  db.prepare('DELETE FROM settings WHERE key = ?').run(key);
}
