/** The read store of the key/value `settings` table: retention, privacy, the machine's name and the last check keep their values here. */
import { connectionOf, type ReadableIndex } from './handle';

export function getSetting(index: ReadableIndex, key: string): string | undefined {
  return (connectionOf(index).prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}
