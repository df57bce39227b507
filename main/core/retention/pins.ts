/** Pins: a pinned conversation is never evicted. A tiny write, so it needs no writer lock. */
import type { IndexDb } from '../archive/db';

export function setPinned(db: IndexDb, id: string, pinned: boolean): void {
  db.prepare('UPDATE conversations SET pinned = ? WHERE id = ?').run(pinned ? 1 : 0, id);
}
