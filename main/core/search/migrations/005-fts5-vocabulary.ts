/**
 * The vocabulary becomes the index's own words (vocabulary.ts: FTS5 cuts them), and a query's
 * terms are cut and folded as FTS5 does (word-tokens.ts). Words an older build listed were cut and
 * folded by JavaScript (`λόγος` where the index holds `λόγοσ`, `350µs` where it holds `350μs`):
 * this marks the vocabulary to be listed again from message_fts by the next indexer that opens
 * search.db (SearchIndexer: a few seconds at a million messages), which then drops the mark.
 */
import type { Migration } from '../../archive/migrations/migration';

export const searchMigration005: Migration = {
  version: 5,
  name: 'fts5-vocabulary',
  sql: `
    CREATE TABLE vocabulary_relist (pending INTEGER NOT NULL);
    INSERT INTO vocabulary_relist (pending) VALUES (1);
  `,
};
