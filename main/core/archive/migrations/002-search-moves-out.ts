/**
 * Full-text search moves to its own database (search.db), so indexing can run beside capture
 * without contending for the index's write lock. Conversations get a revision number, bumped
 * on every store, that tells the indexer what it has not seen yet.
 */
import type { Migration } from './migration';

export const migration002: Migration = {
  version: 2,
  name: 'search-moves-out',
  sql: `
    ALTER TABLE conversations ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
    DROP TABLE message_fts;
  `,
};
