/** The write store of the key/value `settings` table. */
import { type WritableIndex, writeConnectionOf } from './handle';

export function putSetting(index: WritableIndex, key: string, value: string, at = new Date().toISOString()): void {
  writeConnectionOf(index)
    .prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at')
    .run(key, value, at);
}

export function deleteSetting(index: WritableIndex, key: string): void {
  writeConnectionOf(index).prepare('DELETE FROM settings WHERE key = ?').run(key);
}
