/** Pins: a pinned conversation is never evicted. Written under the writer lock (archive/locked-write.ts), like every write. */
import type { IndexDb } from '../archive/db';

export function setPinned(db: IndexDb, id: string, pinned: boolean): void {
  db.prepare('UPDATE conversations SET pinned = ? WHERE id = ?').run(pinned ? 1 : 0, id);
}
