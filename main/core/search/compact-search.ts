/**
 * Give search.db's freed space back to the disk (the end of an eviction sweep). Deleted
 * full-text rows stay in search.db as tombstones until its segments merge, so they are merged
 * in bounded steps (yielding between them); then search.db (derived, rebuildable) is switched
 * once to incremental auto-vacuum, after which freed pages are returned without rewriting the
 * file. Its write-ahead log is truncated.
 */
import { openSearchDb } from './search-db';

export async function compactSearchDb(root: string, yieldNow: () => Promise<unknown>): Promise<void> {
  const search = openSearchDb(root);
  try {
    const merge = search.prepare("INSERT INTO message_fts (message_fts, rank) VALUES ('merge', -500)");
    const changes = search.prepare('SELECT total_changes() AS n').pluck();
    for (let i = 0; i < 100_000; i += 1) {
      const before = changes.get() as number;
      merge.run();
      if ((changes.get() as number) - before < 2) break; // nothing left to merge
      await yieldNow();
    }
    if (search.pragma('auto_vacuum', { simple: true }) !== 2) {
      search.pragma('auto_vacuum = INCREMENTAL');
      search.exec('VACUUM');
    } else {
      search.pragma('incremental_vacuum');
    }
    search.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    search.close();
  }
}
